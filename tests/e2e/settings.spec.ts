import { test, expect } from './harness';

const TOKEN = 'tok-e2e-SECRETO-4f9a7c31';

test('settings: the token is write-only (never readable from the page), company, series, demo mode', async ({ harness }) => {
  const { page, sandbox } = harness;
  await harness.open();
  await page.keyboard.press('F4');
  await expect(page.getByRole('heading', { name: 'Ajustes', level: 1 })).toBeVisible();
  await expect(page.getByTestId('token-status')).toHaveText('Token de acceso: No configurado');
  await harness.screenshot('ajustes');

  await page.getByLabel('Nuevo token').fill(TOKEN);
  await page.getByRole('button', { name: 'Guardar token', exact: true }).click();
  await expect(page.getByTestId('token-status')).toHaveText('Token de acceso: Configurado: termina en 7c31');
  await expect(page.getByText('Token guardado (termina en 7c31).')).toBeVisible();
  await expect(page.getByLabel('Nuevo token')).toHaveValue('');

  const assertTokenAbsent = async () => {
    const found = await page.evaluate((token) => {
      const html = document.documentElement.outerHTML;
      const values = [...document.querySelectorAll('input, select, textarea')].map((el) => (el as HTMLInputElement).value);
      const log = (window as unknown as { __posLog: string[] }).__posLog;
      return {
        inHtml: html.includes(token),
        inText: document.body.innerText.includes(token),
        inValues: values.some((v) => v.includes(token)),
        inAnswers: log.some((answer) => answer.includes(token)),
        answers: log.length,
      };
    }, TOKEN);
    expect(found).toEqual({ inHtml: false, inText: false, inValues: false, inAnswers: false, answers: found.answers });
    expect(found.answers).toBeGreaterThan(0);
    expect(harness.responses.some((r) => r.includes(TOKEN))).toBe(false);
  };
  await assertTokenAbsent();

  // After a reload the page only knows that a token is set and its last 4 characters.
  await page.reload();
  await page.keyboard.press('F4');
  await expect(page.getByTestId('token-status')).toHaveText('Token de acceso: Configurado: termina en 7c31');
  await expect(page.getByLabel('Nuevo token')).toHaveValue('');
  await assertTokenAbsent();

  // Company: the RUC check digit is verified; a valid change is saved.
  await page.getByLabel('RUC', { exact: true }).fill('20131312956');
  await page.getByRole('button', { name: 'Guardar empresa' }).click();
  await expect(page.getByLabel('RUC', { exact: true })).toHaveAccessibleDescription('El RUC no es válido (revise el dígito verificador)');
  await page.getByLabel('RUC', { exact: true }).fill('20131312955');
  await page.getByLabel('Nombre comercial').fill('Bodega Rosita');
  await page.getByRole('button', { name: 'Guardar empresa' }).click();
  await expect(page.getByRole('region', { name: 'Empresa' }).getByText('Cambios guardados.')).toBeVisible();

  // This till's boleta series.
  await page.getByLabel('Serie de boletas').fill('B002');
  await page.getByLabel('Papel').selectOption('58mm');
  await page.getByRole('button', { name: 'Guardar caja' }).click();
  await expect(page.getByRole('region', { name: 'Esta caja' }).getByText('Cambios guardados.')).toBeVisible();
  const view = (await harness.core.dispatch('getSettings', {})) as {
    value: { company: { tradeName: string }; series: { boleta: { series: string } }; printer: { paper: string } };
  };
  expect(view.value.company.tradeName).toBe('Bodega Rosita');
  expect(view.value.series.boleta.series).toBe('B002');
  expect(view.value.printer.paper).toBe('58mm');
  await page.keyboard.press('F1');
  await expect(page.getByTestId('next-number')).toHaveText('B002-00000001');

  // Demo mode can only be left with the API configured.
  await page.keyboard.press('F4');
  await page.getByLabel('Modo demo (los documentos no se declaran a SUNAT)').uncheck();
  await page.getByRole('button', { name: 'Guardar modo' }).click();
  await expect(page.getByText(/Para salir del modo demo configure las direcciones de la API y el token/)).toBeVisible();
  await page.getByLabel('Dirección de envío').fill(sandbox.billingBaseUrl);
  await page.getByLabel('Dirección de consultas').fill(sandbox.queryBaseUrl);
  await page.getByRole('button', { name: 'Guardar direcciones' }).click();
  await expect(page.getByRole('region', { name: 'API de facturación' }).getByText('Cambios guardados.')).toBeVisible();
  await page.getByLabel('Modo demo (los documentos no se declaran a SUNAT)').uncheck();
  await page.getByRole('button', { name: 'Guardar modo' }).click();
  await expect(page.getByText('Modo demo desactivado: los documentos se declaran a SUNAT.')).toBeVisible();
  await expect(page.getByText('MODO DEMO: los documentos no se declaran a SUNAT')).toHaveCount(0);
  await assertTokenAbsent();
});

test('API: a preset fills the addresses; "Probar conexión" says per API what answered, declaring nothing', async ({ harness }) => {
  const { page, sandbox } = harness;
  await harness.open();
  await page.keyboard.press('F4');
  const region = page.getByRole('region', { name: 'API de facturación' });
  await region.getByLabel('Proveedor').selectOption({ label: 'Factiliza pruebas (QA)' });
  await expect(region.getByLabel('Dirección de envío')).toHaveValue('https://apife-qa.factiliza.com/api/v1');
  await expect(region.getByLabel('Dirección de consultas')).toHaveValue('https://api.factiliza.com');
  await expect(region.getByLabel('Nombres que usa el servidor')).toHaveCount(0);

  // Another server: the addresses typed by hand make it "Personalizado", which asks which names it speaks.
  await region.getByLabel('Dirección de envío').fill(sandbox.billingBaseUrl);
  await region.getByLabel('Dirección de consultas').fill(sandbox.queryBaseUrl);
  await expect(region.getByLabel('Proveedor')).toHaveValue('custom');
  await region.getByLabel('Nombres que usa el servidor').selectOption('document');
  await region.getByRole('button', { name: 'Guardar direcciones' }).click();
  await expect(region.getByText('Cambios guardados.')).toBeVisible();

  await region.getByLabel('Nuevo token').fill('token-que-no-es');
  await region.getByRole('button', { name: 'Guardar token', exact: true }).click();
  await region.getByRole('button', { name: 'Probar conexión' }).click();
  const result = region.getByTestId('connection-result');
  await expect(result).toContainText('Envío de comprobantes: ✗ Token rechazado (HTTP 401)');

  await region.getByLabel('Nuevo token').fill(sandbox.token);
  await region.getByRole('button', { name: 'Guardar token', exact: true }).click();
  await expect(region.getByTestId('query-token-status')).toHaveText('Token de consultas (opcional): El mismo token de envío');
  await region.getByRole('button', { name: 'Probar conexión' }).click();
  await expect(result).toContainText('Envío de comprobantes: ✓ Conectado');
  await expect(result).toContainText('Consultas (DNI, RUC, comprobantes): ✓ Conectado');
  await region.scrollIntoViewIfNeeded();
  await harness.screenshot('ajustes-probar-conexion');
  expect(sandbox.declarations()).toEqual([]);

  // Leaving demo mode is refused while the company is still the demo's, saying what to fill.
  await page.getByLabel('Modo demo (los documentos no se declaran a SUNAT)').uncheck();
  await page.getByRole('button', { name: 'Guardar modo' }).click();
  await expect(page.getByText(/Para salir del modo demo ingrese en «Empresa»: el RUC de su empresa/)).toBeVisible();
});

test('leaving Ajustes with unsaved changes asks first; saved changes leave freely', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await page.keyboard.press('F4');
  await page.getByLabel('Nombre comercial').fill('Bodega Nueva');
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.keyboard.press('F1');
  expect(asked).toEqual(['Hay cambios sin guardar en Ajustes. ¿Salir sin guardarlos?']);
  await expect(page.getByRole('heading', { name: 'Ajustes', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Nombre comercial')).toHaveValue('Bodega Nueva'); // nothing lost

  await page.getByRole('button', { name: 'Guardar empresa' }).click();
  await expect(page.getByRole('region', { name: 'Empresa' }).getByText('Cambios guardados.')).toBeVisible();
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.keyboard.press('F1');
  await expect(page.getByTestId('next-number')).toBeVisible();
  expect(asked).toHaveLength(1); // no second question
});

test('a changed box in Ajustes → Venta also asks before leaving, and is kept when staying', async ({ harness }) => {
  const { page } = harness;
  await harness.open();
  await page.keyboard.press('F4');
  const printBox = page.getByLabel('Imprimir al emitir');
  await expect(printBox).toBeChecked();
  await printBox.uncheck();
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.keyboard.press('F1');
  expect(asked).toEqual(['Hay cambios sin guardar en Ajustes. ¿Salir sin guardarlos?']);
  await expect(printBox).not.toBeChecked(); // still in Ajustes, nothing lost
  // Putting it back as it was is nothing to save: leaving asks nothing.
  await printBox.check();
  await page.keyboard.press('F1');
  await expect(page.getByTestId('next-number')).toBeVisible();
  expect(asked).toHaveLength(1);
});
