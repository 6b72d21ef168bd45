/**
 * The product form (issue 12 "Products used": name, active ingredients with their percentage, registration number and
 * its register, unit, bait or not): values of a `Product`, the body of `POST /api/products` / `PUT /api/products/{ulid}`
 * (every field replaced — an archived product stays archived when edited), the contract's `productBody` as the rules,
 * and the mapping of a 422's violations onto the fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Product,
  type ProductBody,
  type ProductRegister,
  type ProductUnit,
  productBody,
} from '@isoptera/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { type MappedViolations, mapViolations } from '../../../shared/forms/violations';

export interface IngredientValues {
  name: string;
  /** Percent 0–100; NaN while the field is empty. */
  percent: number;
}

export interface ProductFormValues {
  name: string;
  active_ingredients: IngredientValues[];
  registration_number: string;
  register: ProductRegister | '';
  unit: ProductUnit | '';
  is_bait: boolean;
}

/** An empty ingredient row. */
export const EMPTY_INGREDIENT: IngredientValues = { name: '', percent: Number.NaN };

/** The form's starting values: those of `product`, or an empty product counted in units, not a bait. */
export function productFormValues(product?: Product | null): ProductFormValues {
  if (!product) {
    return { name: '', active_ingredients: [], registration_number: '', register: '', unit: '', is_bait: false };
  }
  return {
    name: product.name,
    active_ingredients: product.active_ingredients.map((i) => ({ name: i.name, percent: i.percent })),
    registration_number: product.registration_number ?? '',
    register: product.register ?? '',
    unit: product.unit,
    is_bait: product.is_bait,
  };
}

/** The request body of `values`; `archived` keeps the edited product's state (a PUT replaces every field). */
export function productRequest(values: ProductFormValues, archived = false): ProductBody {
  return {
    name: values.name,
    active_ingredients: values.active_ingredients.map((i) => ({ name: i.name, percent: i.percent })),
    registration_number: values.registration_number.trim() || null,
    register: values.register || null,
    unit: values.unit as ProductUnit,
    is_bait: values.is_bait,
    archived,
  };
}

const contractResolver = zodResolver(productBody);

/** react-hook-form resolver: the contract's rules applied to the request body; errors keep the fields' paths. */
export const productResolver: Resolver<ProductFormValues> = async (values, context, options) => {
  const result = await contractResolver(
    productRequest(values),
    context,
    options as unknown as Parameters<typeof contractResolver>[2],
  );
  if (Object.keys(result.errors).length > 0) {
    return { values: {}, errors: result.errors as FieldErrors<ProductFormValues> };
  }
  return { values, errors: {} };
};

/** The top-level fields a violation can name. */
const FIELDS = ['name', 'registration_number', 'register', 'unit', 'is_bait', 'active_ingredients'];

/**
 * The violations of a 422 on the form with `ingredientCount` ingredient rows: `[field, code]` pairs (an ingredient's
 * name or percent, `active_ingredients.<i>.name`, or the list itself) and the codes of the others. Null when `error`
 * is not a 422 with violations.
 */
export function productViolations(error: unknown, ingredientCount: number): MappedViolations | null {
  const rows = Array.from({ length: ingredientCount }, (_, i) => [
    `active_ingredients.${i}.name`,
    `active_ingredients.${i}.percent`,
  ]).flat();
  return mapViolations(error, new Set([...FIELDS, ...rows]));
}
