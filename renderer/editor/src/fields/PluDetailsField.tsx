import { ProductDetailsField } from '../product/ProductDetailsField';
import type { FieldEditorProps } from './types';

/** A product's details, looked up by PLU. */
export function PluDetailsField({ label, path, value, onChange }: FieldEditorProps) {
  return (
    <ProductDetailsField
      label={label}
      value={value as Record<string, unknown>}
      onChange={(next) => onChange(path, next)}
    />
  );
}
