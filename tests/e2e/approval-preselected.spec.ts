// The approval prompt starts on the only supervisor. A wrong PIN typed there without picking her (someone else at the
// counter, who did not look at the name) is charged to the till's own tally, never to her: after five, the prompt says
// to pick who authorises, and the supervisor, picked on purpose, still approves at once.
import { test, expect } from './harness';

test('wrong PINs over the preselected supervisor never lock her out; picked on purpose she approves', async ({ harness }) => {
  const { page, core } = harness;
  const ana = await core.dispatch('saveUser', { name: 'Ana Supervisora', role: 'supervisor', pin: '567890' });
  const luis = await core.dispatch('saveUser', { name: 'Luis Cajero', role: 'cajero', pin: '1234' });
  if (!ana.ok || !luis.ok) throw new Error(`users: ${JSON.stringify([ana, luis])}`);
  const anaId = (ana.value as { id: number }).id;
  await core.dispatch('lock', {});
  await core.dispatch('login', { userId: (luis.value as { id: number }).id, pin: '1234' });
  await harness.open();

  await page.keyboard.press('F7');
  const dialog = page.getByTestId('return-dialog');
  const approval = dialog.getByTestId('return-approval');
  const pin = dialog.getByLabel('PIN del supervisor');
  await expect(pin).toBeFocused();
  await expect(dialog.getByLabel('Autoriza')).toHaveValue(String(anaId));
  for (let i = 0; i < 4; i++) {
    await pin.fill('000000');
    await pin.press('Enter');
    await expect(approval.getByRole('alert')).toContainText('PIN incorrecto para Ana Supervisora. Si no es Ana Supervisora quien autoriza, elija quién autoriza.');
    await pin.fill('');
  }
  await pin.fill('000000');
  await pin.press('Enter');
  await expect(approval.getByRole('alert')).toContainText('Demasiados PIN incorrectos: elija quién autoriza o espere 60 s');

  // Ana picks her own name on purpose: her own tally was never touched, so she approves at once.
  await dialog.getByLabel('Autoriza').selectOption(String(anaId));
  await pin.fill('567890');
  await pin.press('Enter');
  await expect(dialog.getByTestId('return-approved')).toContainText('Ana Supervisora');
});
