// The IGV regime, named once: the first-run wizard and Ajustes → Empresa offer the same two choices.
export const IGV_REGIME_FIELD_LABEL = 'Régimen del IGV';

export const IGV_REGIMES = [
  { value: 'general', label: 'General (18 %)' },
  { value: 'special', label: 'Restaurantes y hoteles MYPE, Ley 31556 (10.5 %)' },
] as const;
