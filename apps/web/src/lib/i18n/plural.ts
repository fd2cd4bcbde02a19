/** A text that depends on the count `{n}`: one form per plural category, `other` as fallback. */
export type Plural = { readonly other: string } & { readonly [C in Intl.LDMLPluralRule]?: string };
