"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useToast } from "@/components/ui/toast";
import { ActionFailure, type ActionResult } from "./action-result";

type Options<V, D> = {
  /** Toast title on success (a function sees the answer). */
  success: string | ((data: D, vars: V) => string);
  /** Toast title on failure; the API's message is the toast's text. */
  failure: string;
  onSuccess?: (data: D, vars: V) => void;
};

/** Callbacks of one call (they run after the hook's own, and only for the latest call of a mounted component). */
type CallOptions<V, D> = {
  onSuccess?: (data: D, vars: V) => void;
  onError?: (err: ActionFailure, vars: V) => void;
  onSettled?: () => void;
};

type State<V, D> = {
  status: "idle" | "pending" | "success" | "error";
  data: D | undefined;
  error: ActionFailure | null;
  variables: V | undefined;
};

const IDLE = { status: "idle", data: undefined, error: null, variables: undefined } as const;
const UNREACHABLE = "The server could not be reached. Check your connection and try again.";

/**
 * A server action as a mutation: pending state for the button, a toast
 * either way, and the refusal as `error` (an ActionFailure whose message is
 * the spec's words) for the control that caused it. The same surface as
 * react-query's useMutation (mutate, mutateAsync, reset, isPending, error,
 * data, variables), written out here so no page ships a query library for it.
 */
export function useActionMutation<V, D>(action: (vars: V) => Promise<ActionResult<D>>, opts: Options<V, D>) {
  const toast = useToast();
  const [state, setState] = useState<State<V, D>>(IDLE);
  // The latest action and options are used (callers pass fresh closures every render).
  const latest = useRef({ action, opts, toast });
  useEffect(() => {
    latest.current = { action, opts, toast };
  });
  // Each call has a number: only the latest call (not one left behind by reset or a newer call) updates the state.
  const calls = useRef(0);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const execute = useCallback((vars: V) => {
    const call = ++calls.current;
    const current = () => mounted.current && call === calls.current;
    setState({ status: "pending", data: undefined, error: null, variables: vars });
    const { action, opts, toast } = latest.current;
    const promise = (async () => {
      let result: ActionResult<D>;
      try {
        result = await action(vars);
      } catch {
        // The action itself never throws; this is the network or a redeploy.
        result = { ok: false, error: UNREACHABLE };
      }
      if (!result.ok) {
        const err = new ActionFailure(result.error, result.field);
        toast.show({ tone: "error", title: opts.failure, description: err.message });
        if (current()) setState({ status: "error", data: undefined, error: err, variables: vars });
        throw err;
      }
      toast.show({ tone: "success", title: typeof opts.success === "function" ? opts.success(result.data, vars) : opts.success });
      opts.onSuccess?.(result.data, vars);
      if (current()) setState({ status: "success", data: result.data, error: null, variables: vars });
      return result.data;
    })();
    return { promise, current };
  }, []);

  const mutateAsync = useCallback((vars: V) => execute(vars).promise, [execute]);

  const mutate = useCallback(
    (vars: V, call: CallOptions<V, D> = {}) => {
      const { promise, current } = execute(vars);
      promise.then(
        (data) => {
          if (!current()) return;
          call.onSuccess?.(data, vars);
          call.onSettled?.();
        },
        (err: ActionFailure) => {
          if (!current()) return;
          call.onError?.(err, vars);
          call.onSettled?.();
        },
      );
    },
    [execute],
  );

  const reset = useCallback(() => {
    calls.current++;
    setState(IDLE);
  }, []);

  return {
    ...state,
    mutate,
    mutateAsync,
    reset,
    isIdle: state.status === "idle",
    isPending: state.status === "pending",
    isSuccess: state.status === "success",
    isError: state.status === "error",
  };
}
