// The owner's way back in: the recovery code shown once when the first administrator is created lets them choose a
// new PIN from the sign-in screen when no administrator can sign in (here, the only one forgot her PIN and waits),
// and a new code is shown once in its place.
import { test, expect } from './harness';

test.use({ staff: 'none' });

test('the recovery code shown at setup lets the owner back in with a new PIN; it is spent and replaced', async ({ harness }) => {
  const { page, core } = harness;
  await page.goto(`${harness.baseUrl}/index.html`);
  const first = page.getByRole('dialog', { name: 'Crear administrador' });
  await first.getByLabel('Nombre').fill('Rosa Dueña');
  await first.getByLabel('PIN', { exact: true }).fill('246810');
  await first.getByLabel('Repita el PIN').fill('246810');
  await first.getByRole('button', { name: 'Crear y entrar' }).click();
  const shown = first.getByTestId('recovery-code');
  await expect(shown).toHaveText(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  const code = (await shown.textContent())!;
  await harness.screenshot('codigo-recuperacion');
  await first.getByRole('button', { name: 'Ya lo guardé: entrar' }).click();
  await expect(page.getByTestId('cashier')).toContainText('Rosa Dueña · Administrador');

  // She forgets her PIN: five wrong ones, and the only administrator waits.
  const session = await core.dispatch('getSession', {});
  const adminId = (session as { value: { user: { id: number } } }).value.user.id;
  await page.keyboard.press('F9');
  for (let i = 0; i < 5; i++) await core.dispatch('login', { userId: adminId, pin: '000000' });
  expect(await core.dispatch('login', { userId: adminId, pin: '246810' })).toMatchObject({ ok: false, error: { code: 'throttled' } });

  const signin = page.getByRole('dialog', { name: 'Ingresar a la caja' });
  await signin.getByRole('button', { name: '¿Olvidó el PIN del administrador? Código de recuperación' }).click();
  const recover = page.getByRole('form', { name: 'Recuperar acceso' });
  await expect(recover.getByLabel('Administrador')).toHaveValue(String(adminId));
  await recover.getByLabel('Código de recuperación').fill('AAAA-BBBB-CCCC-DDDD');
  await recover.getByLabel('PIN nuevo (6 dígitos)').fill('135790');
  await recover.getByLabel('Repita el PIN nuevo').fill('135790');
  await recover.getByRole('button', { name: 'Cambiar PIN y entrar' }).click();
  await expect(recover.getByLabel('Código de recuperación')).toHaveAccessibleDescription('Código incorrecto');
  await recover.getByLabel('Código de recuperación').fill(code.toLowerCase());
  await recover.getByRole('button', { name: 'Cambiar PIN y entrar' }).click();
  const next = page.getByTestId('recovery-code');
  await expect(next).toHaveText(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  expect(await next.textContent()).not.toBe(code);
  await page.getByRole('button', { name: 'Ya lo guardé: entrar' }).click();
  await expect(page.getByTestId('cashier')).toContainText('Rosa Dueña · Administrador');

  // The new PIN signs in; the spent code does not work again.
  await core.dispatch('lock', {});
  expect((await core.dispatch('login', { userId: adminId, pin: '135790' })).ok).toBe(true);
  await core.dispatch('lock', {});
  expect(await core.dispatch('recoverAdmin', { userId: adminId, code, newPin: '975310' })).toMatchObject({ ok: false, error: { code: 'auth' } });
  expect(harness.pageErrors).toEqual([]);
});
