// The sign-in starts on the last person who held the till. A cashier who walks up and types her own PIN over that
// name without looking is told whose name it was, and the person shown is never charged her PIN: five of them leave
// the administrator free, the name list takes over, and her own name picked on purpose lets her in.
import { test, expect } from './harness';

test('a PIN typed over the name the sign-in started on is never charged to that person', async ({ harness }) => {
  const { page, core } = harness;
  const ana = await core.dispatch('saveUser', { name: 'Ana Cajera', role: 'cajero', pin: '5678' });
  if (!ana.ok) throw new Error(JSON.stringify(ana.error));
  const anaId = (ana.value as { id: number }).id;
  await harness.open();
  // The administrator steps away: the till is locked on her name.
  await page.keyboard.press('F9');
  const user = page.getByLabel('Usuario');
  const pin = page.getByLabel('PIN', { exact: true });
  await expect(user).toHaveValue('1');
  await expect(pin).toBeFocused();

  // Ana types her own PIN five times over the administrator's name.
  for (let i = 0; i < 4; i++) {
    await pin.fill('5678');
    await page.keyboard.press('Enter');
    await expect(pin).toHaveAccessibleDescription('PIN incorrecto para Admin Pruebas. Si usted no es Admin Pruebas, elija su nombre.');
    await expect(pin).toHaveValue('');
  }
  await pin.fill('5678');
  await page.keyboard.press('Enter');
  await expect(pin).toHaveAccessibleDescription(/^Demasiados PIN incorrectos con el nombre ya elegido: elija su nombre en la lista, o espere/);
  await expect(user).toHaveAccessibleDescription('Elija su nombre');
  await harness.screenshot('ingreso-nombre-preelegido');

  // She picks her name on purpose and signs in.
  await user.selectOption(String(anaId));
  await expect(pin).toBeFocused();
  await page.keyboard.type('5678');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Ingresar a la caja' })).toHaveCount(0);

  // The administrator was charged nothing: she signs in at once and finds no lockout.
  await core.dispatch('lock', {});
  const admin = await core.dispatch('login', { userId: 1, pin: '135790' });
  expect(admin.ok).toBe(true);
  const users = await core.dispatch('listUsers', {});
  if (!users.ok) throw new Error(JSON.stringify(users.error));
  expect((users.value as { name: string; lockout: unknown }[]).map((u) => [u.name, u.lockout])).toEqual([
    ['Admin Pruebas', null],
    ['Ana Cajera', null],
  ]);
  expect(harness.pageErrors).toEqual([]);
});
