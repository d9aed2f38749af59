import type { FieldValues, Resolver } from "react-hook-form";
import type { ZodType } from "zod";

/**
 * react-hook-form's zodResolver for a schema that loads when the form is
 * first validated (a dynamic import of its module), so the page's first
 * load does not carry zod (~31 KB gzip) for a form nobody may submit. The
 * schema, and so every rule and message, stays the API's own.
 */
export function lazyZodResolver<TInput extends FieldValues, TOutput = TInput>(load: () => Promise<ZodType>): Resolver<TInput, unknown, TOutput> {
  let resolver: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([load(), import("@hookform/resolvers/zod")]).then(
      ([schema, { zodResolver }]) => zodResolver(schema as never) as unknown as Resolver<TInput, unknown, TOutput>,
    );
    return (await resolver)(values, context, options);
  };
}
