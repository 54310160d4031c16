// Going live from demo: what the owner built there may come along (their products, payment methods and staff, each
// person with the same PIN), and what never does is said before "Empezar a vender". The core reads the demo file.
import { useEffect, useState } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import type { GoLivePreview, SetupInput } from '../../../../shared/bridge';
import { call } from '../../pos';

type RealValues = Extract<SetupInput, { mode: 'real' }>;

const ROLE_LABELS = { cajero: 'cajero', supervisor: 'supervisor', administrador: 'administrador' } as const;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function CarryFromDemo({ register }: { register: UseFormRegister<RealValues> }): React.JSX.Element {
  const [preview, setPreview] = useState<GoLivePreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void call((api) => api.previewGoLive({})).then((result) => {
      if (!live) return;
      if (result.ok) setPreview(result.value);
      else setFailure(result.error.message);
    });
    return () => {
      live = false;
    };
  }, []);

  return (
    <fieldset className="setup__step" aria-describedby="setup-carry-hint">
      <legend>5. Lo que ya preparó en el modo demo</legend>
      <p id="setup-carry-hint" className="muted">Marque lo que quiere llevar a su caja real. Puede cambiarlo después en Productos y Ajustes.</p>
      {failure ? <p role="alert">{failure}</p> : null}
      {preview ? (
        <>
          <div className="field field--check">
            <input id="setup-carry-products" type="checkbox" {...register('carry.products')} />
            <label htmlFor="setup-carry-products">
              Productos: {preview.products === 0 ? 'no agregó ni cambió productos' : count(preview.products, 'producto suyo', 'productos suyos')}
            </label>
          </div>
          <div className="field field--check">
            <input id="setup-carry-methods" type="checkbox" {...register('carry.paymentMethods')} />
            <label htmlFor="setup-carry-methods">Medios de pago: {preview.paymentMethods.join(', ')}</label>
          </div>
          <div className="field field--check">
            <input id="setup-carry-staff" type="checkbox" {...register('carry.staff')} />
            <label htmlFor="setup-carry-staff">
              Personal, cada uno con el mismo PIN:{' '}
              {preview.staff.length === 0 ? 'nadie registrado' : preview.staff.map((s) => `${s.name} (${ROLE_LABELS[s.role]})`).join(', ')}
            </label>
          </div>
          <p className="setup__carry-title">No se lleva:</p>
          <ul className="setup__carry-list" aria-label="No se lleva">
            {preview.staysInDemo.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      ) : null}
    </fieldset>
  );
}
