// A discount beyond the limit: the core asked for a supervisor; their PIN is typed here and F12 sends it.
import { useFormState, useWatch, type UseFormReturn } from 'react-hook-form';
import { ApprovalFields } from '../../components/ApprovalFields';
import type { SaleFormValues } from './form-values';

export function SaleApproval({ form }: { form: UseFormReturn<SaleFormValues> }): React.JSX.Element {
  const approval = useWatch({ control: form.control, name: 'approval' });
  const { errors } = useFormState({ control: form.control, name: 'approval' });
  return (
    <div className="sale__approval">
      <ApprovalFields
        id="sale-approval"
        value={{
          ...(Number(approval.userId) > 0 ? { userId: Number(approval.userId) } : {}),
          pin: approval.pin,
          ...(approval.preselected ? { preselected: true as const } : {}),
        }}
        onChange={(v) => {
          form.setValue('approval', { userId: v.userId ? String(v.userId) : '', pin: v.pin ?? '', ...(v.preselected ? { preselected: true } : {}) });
          form.clearErrors('approval');
        }}
        error={errors.approval?.pin?.message}
      />
      <p className="muted">Luego presione F12 para emitir.</p>
    </div>
  );
}
