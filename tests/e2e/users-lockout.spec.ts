// Ajustes → Usuarios shows who is locked out by wrong PINs and lets the administrator unlock them, and can
// require 6-digit PINs (a 4-digit PIN is then listed for change; a new one must have 6 digits).
import { test, expect } from './harness';

test('the administrator unlocks a cashier locked out by wrong PINs, and requires 6-digit PINs', async ({ harness }) => {
  const { page, core } = harness;
  const added = await core.dispatch('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
  if (!added.ok) throw new Error(JSON.stringify(added.error));
  const luis = (added.value as { id: number }).id;
  for (let i = 0; i < 5; i++) await core.dispatch('login', { userId: luis, pin: '0000' });
  await harness.open();

  await page.keyboard.press('F4');
  const users = page.getByRole('region', { name: 'Usuarios' });
  await expect(users.getByRole('row', { name: /Luis Cajero Cajero Activo · En espera por PIN incorrectos \(1 min\)/ })).toBeVisible();
  await users.getByRole('button', { name: 'Desbloquear Luis Cajero' }).click();
  await expect(users.getByText('Luis Cajero fue desbloqueado.')).toBeVisible();
  await expect(users.getByRole('button', { name: 'Desbloquear Luis Cajero' })).toHaveCount(0);

  await users.getByLabel('Exigir PIN de 6 dígitos').check();
  await expect(users.getByText('Los PIN nuevos o cambiados deben tener 6 dígitos.')).toBeVisible();
  await expect(users.getByRole('row', { name: /Luis Cajero Cajero Activo · PIN de 4 dígitos: cámbielo/ })).toBeVisible();
  await users.getByLabel('Nombre del usuario').fill('Nueva Cajera');
  await users.getByLabel('PIN (6 dígitos)').fill('4321');
  await users.getByRole('button', { name: 'Agregar usuario' }).click();
  await expect(users.getByLabel('PIN (6 dígitos)')).toHaveAccessibleDescription('El PIN debe tener 6 dígitos');
  await users.getByLabel('PIN (6 dígitos)').fill('864213');
  await users.getByRole('button', { name: 'Agregar usuario' }).click();
  await expect(users.getByText('Usuario guardado: Nueva Cajera.')).toBeVisible();
  await harness.screenshot('ajustes-usuarios-bloqueo');
  expect(harness.pageErrors).toEqual([]);
});
