import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import type {
  MfaCompletedResponse,
  MfaFactorList,
  SessionResponse,
  SmsSentResponse,
} from "@steward/contracts";
import { api } from "../../api";
import { authKeys, rememberSession } from "./api";

export const mfaKeys = {
  factors: () => [...authKeys.all, "mfa-factors"] as const,
};

/** The server renews the session after a second-factor step: keep its CSRF token and state. */
function useCompleted() {
  const queryClient = useQueryClient();
  return (result: MfaCompletedResponse): MfaCompletedResponse => {
    rememberSession(result.session);
    // With recovery codes to show, the page moves on (and re-reads the session) once they are saved.
    if (!result.recoveryCodes) queryClient.setQueryData<SessionResponse>(authKeys.session(), result.session);
    void queryClient.invalidateQueries({ queryKey: mfaKeys.factors() });
    return result;
  };
}

export function useMfaFactors() {
  return useQuery({
    queryKey: mfaKeys.factors(),
    queryFn: () => api.get<MfaFactorList>("/auth/mfa/factors"),
  });
}

export function useRemoveFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/auth/mfa/factors/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mfaKeys.factors() }),
  });
}

/** Registers a security key: the server's options go to the browser's WebAuthn call and back. */
export function useRegisterSecurityKey() {
  const completed = useCompleted();
  return useMutation({
    mutationFn: async (name: string) => {
      const { options } = await api.post<{ options: unknown }>("/auth/mfa/security-keys/register/options", {
        name,
      });
      const response = await startRegistration({ optionsJSON: options as never });
      return completed(
        await api.post<MfaCompletedResponse>("/auth/mfa/security-keys/register", { response }),
      );
    },
  });
}

export function useSecurityKeySignIn() {
  const completed = useCompleted();
  return useMutation({
    mutationFn: async () => {
      const { options } = await api.post<{ options: unknown }>("/auth/mfa/security-keys/sign-in/options");
      const response = await startAuthentication({ optionsJSON: options as never });
      return completed(await api.post<MfaCompletedResponse>("/auth/mfa/security-keys/sign-in", { response }));
    },
  });
}

export function useSmsEnroll() {
  return useMutation({
    mutationFn: (phone: string) => api.post<SmsSentResponse>("/auth/mfa/sms/enroll", { phone }),
  });
}

export function useSmsEnrollConfirm() {
  const completed = useCompleted();
  return useMutation({
    mutationFn: async (code: string) =>
      completed(await api.post<MfaCompletedResponse>("/auth/mfa/sms/enroll/confirm", { code })),
  });
}

export function useSmsSend() {
  return useMutation({
    mutationFn: () => api.post<SmsSentResponse>("/auth/mfa/sms/send", {}),
  });
}

export function useSmsVerify() {
  const completed = useCompleted();
  return useMutation({
    mutationFn: async (code: string) =>
      completed(await api.post<MfaCompletedResponse>("/auth/mfa/sms/verify", { code })),
  });
}

/** Starts a Duo round; the browser then leaves for Duo and comes back to /mfa/duo. */
export function useDuoStart() {
  return useMutation({
    mutationFn: async () => {
      const { authorizeUrl } = await api.post<{ authorizeUrl: string }>("/auth/mfa/duo/start");
      window.location.assign(authorizeUrl);
      return authorizeUrl;
    },
  });
}

export function useDuoComplete() {
  const completed = useCompleted();
  return useMutation({
    mutationFn: async (body: { state: string; code?: string; error?: string }) =>
      completed(await api.post<MfaCompletedResponse>("/auth/mfa/duo/complete", body)),
  });
}
