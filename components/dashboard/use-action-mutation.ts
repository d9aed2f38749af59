"use client";

import { useMutation } from "@tanstack/react-query";
import { useToast } from "@/components/ui/toast";
import { ActionFailure, type ActionResult } from "./action-result";

type Options<V, D> = {
  /** Toast title on success (a function sees the answer). */
  success: string | ((data: D, vars: V) => string);
  /** Toast title on failure; the API's message is the toast's text. */
  failure: string;
  onSuccess?: (data: D, vars: V) => void;
};

/**
 * react-query's mutation around a server action: pending state for the
 * button, a toast either way, and the refusal as `error` (an ActionFailure
 * whose message is the spec's words) for the control that caused it.
 */
export function useActionMutation<V, D>(action: (vars: V) => Promise<ActionResult<D>>, opts: Options<V, D>) {
  const toast = useToast();
  return useMutation<D, ActionFailure, V>({
    mutationFn: async (vars) => {
      let result: ActionResult<D>;
      try {
        result = await action(vars);
      } catch {
        // The action itself never throws; this is the network or a redeploy.
        throw new ActionFailure("The server could not be reached. Check your connection and try again.");
      }
      if (!result.ok) throw new ActionFailure(result.error, result.field);
      return result.data;
    },
    onSuccess: (data, vars) => {
      toast.show({ tone: "success", title: typeof opts.success === "function" ? opts.success(data, vars) : opts.success });
      opts.onSuccess?.(data, vars);
    },
    onError: (err) => toast.show({ tone: "error", title: opts.failure, description: err.message }),
  });
}
