// The first run creates the administrator; users are added in Ajustes; F9 locks the till and keeps the sale
// in progress; a cashier signs in with a PIN, cannot open Ajustes, and the ticket prints who issued it.
import { test, expect } from './harness';
import { lineField, ticketDialog, typeLine } from './sale-helpers';

test.use({ staff: 'none' });

test('first administrator, a cashier added in Ajustes, F9 lock keeps the sale, the cashier signs in and the ticket names them', async ({ harness }) => {
  const { page } = harness;
  await page.goto(`${harness.baseUrl}/index.html`);
  const first = page.getByRole('dialog', { name: 'Crear administrador' });
  await expect(first.getByRole('heading', { name: 'Cree el usuario administrador' })).toBeVisible();
  await harness.screenshot('crear-administrador');
  await first.getByLabel('Nombre').fill('Rosa Dueña');
  await first.getByLabel('PIN', { exact: true }).fill('12');
  await first.getByLabel('Repita el PIN').fill('12');
  await first.getByRole('button', { name: 'Crear y entrar' }).click();
  await expect(first.getByLabel('PIN', { exact: true })).toHaveAccessibleDescription('El PIN tiene de 4 a 6 dígitos');
  await first.getByLabel('PIN', { exact: true }).fill('246810');
  await first.getByLabel('Repita el PIN').fill('246810');
  await first.getByRole('button', { name: 'Crear y entrar' }).click();
  // The recovery code is shown once before the till opens.
  await expect(first.getByTestId('recovery-code')).toHaveText(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  await first.getByRole('button', { name: 'Ya lo guardé: entrar' }).click();
  await expect(page.getByTestId('cashier')).toContainText('Rosa Dueña · Administrador');

  // The administrator adds a cashier.
  await page.keyboard.press('F4');
  const users = page.getByRole('region', { name: 'Usuarios' });
  await users.getByLabel('Nombre del usuario').fill('Luis Cajero');
  await users.getByLabel('PIN (4 a 6 dígitos)').fill('1234');
  await users.getByRole('button', { name: 'Agregar usuario' }).click();
  await expect(users.getByText('Usuario guardado: Luis Cajero.')).toBeVisible();
  await expect(users.getByRole('row', { name: /Luis Cajero Cajero Activo/ })).toBeVisible();
  await harness.screenshot('ajustes-usuarios');

  // A sale in progress survives the lock.
  await page.keyboard.press('F1');
  await typeLine(page, 1, { code: 'A001', description: 'Arroz extra 1 kg', quantity: '2', price: '4.50' });
  await page.keyboard.press('F9');
  const signin = page.getByRole('dialog', { name: 'Ingresar a la caja' });
  await expect(signin.getByRole('heading', { name: 'Caja bloqueada' })).toBeVisible();
  await harness.screenshot('caja-bloqueada');
  await signin.getByLabel('Usuario').selectOption({ label: 'Luis Cajero' });
  await signin.getByLabel('PIN').fill('9999');
  await signin.getByRole('button', { name: 'Ingresar' }).click();
  await expect(signin.getByLabel('PIN')).toHaveAccessibleDescription('PIN incorrecto.');
  await signin.getByLabel('PIN').fill('1234');
  await page.keyboard.press('Enter');
  await expect(signin).toHaveCount(0);
  await expect(page.getByTestId('cashier')).toContainText('Luis Cajero · Cajero');
  await expect(lineField(page, 'Descripción', 1)).toHaveValue('Arroz extra 1 kg');

  // Ajustes is the administrator's.
  await page.keyboard.press('F4');
  await expect(page.getByText('Solo el administrador')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Usuarios' })).toHaveCount(0);
  // The till is closed until someone opens it with the float: the cashier does, and sells.
  await page.keyboard.press('F6');
  await page.getByLabel('Fondo de caja (S/)').fill('50');
  await page.getByRole('button', { name: 'Abrir caja' }).click();
  await expect(page.getByTestId('cash-status')).toContainText('Caja abierta n.º 1');
  await page.keyboard.press('F1');
  await page.keyboard.press('F12');
  const dialog = ticketDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Boleta B001-00000001 emitida' })).toBeVisible();
  await expect(dialog.getByText('Cajero', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Luis Cajero', { exact: true })).toBeVisible();
});
