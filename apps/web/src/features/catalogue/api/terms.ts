import { termsAccepted } from '@asb/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../app/api/http';
import { handleError } from '../../../app/api/error-handler';
import { useAuth } from '../../../app/auth/auth-context';
import type { TermsChange } from '../../../ui/TermsCheckbox';

const TERMS_KEY = ['/usermgr/v1', 'terms-and-conditions'] as const;

/** Spec 1 §1 / spec 3 §7: terms are asked for only on an instance with a theme feature ending in -tcs. */
export function useTermsFeature(): boolean {
  const { instance } = useAuth();
  return (instance?.theme_features ?? []).some((feature) => feature.endsWith('-tcs'));
}

/** The licence URLs the caller accepted (may hold '*'); fetched only when the terms feature is on (spec 3 §7). */
function useAcceptedTerms(enabled: boolean) {
  return useQuery({
    queryKey: TERMS_KEY,
    queryFn: async ({ signal }) => (await api('GET /usermgr/v1/terms-and-conditions/', { signal })).data.map((row) => row.terms_and_conditions_id),
    enabled,
  });
}

/**
 * Accept or revoke the terms of one licence URL (spec 3 §4 Terms acceptance): `pending`
 * names the change under way (the spinner's wording), and the accepted list is fetched
 * again after each change, whether it succeeded or not.
 */
function useTermsChange() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<TermsChange | null>(null);
  const change = async (kind: TermsChange, licence: string) => {
    setPending(kind);
    try {
      const body = { terms_and_conditions_id: licence };
      if (kind === 'accept') await api('POST /usermgr/v1/terms-and-conditions/accept/', { body });
      else await api('POST /usermgr/v1/terms-and-conditions/revoke/', { body });
    } catch (error) {
      handleError(error, 'Backend');
    } finally {
      await queryClient.invalidateQueries({ queryKey: TERMS_KEY });
      setPending(null);
    }
  };
  return { pending, change };
}

/**
 * The terms gate of an action on something under a licence (spec 3 §5: Execute application, Execute
 * model, the dataset order): asked only when `isFeatureOn` and there is a licence URL; `isBlocking`
 * while they are not accepted, being changed or read. `checkbox` is what TermsCheckbox takes.
 */
export function useTermsGate(licence: string | undefined, isFeatureOn: boolean) {
  const accepted = useAcceptedTerms(isFeatureOn);
  const termsChange = useTermsChange();
  const isRequired = isFeatureOn && Boolean(licence);
  const isAccepted = termsAccepted(licence, accepted.data ?? []);
  return {
    isRequired,
    isAccepted,
    isBlocking: isRequired && (!isAccepted || termsChange.pending !== null || accepted.isPending),
    checkbox: {
      licence: licence ?? '',
      isAccepted,
      pending: termsChange.pending,
      isLoading: accepted.isPending,
      onChange: (change: TermsChange) => void termsChange.change(change, licence ?? ''),
    },
  };
}
