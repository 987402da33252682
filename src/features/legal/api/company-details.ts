import { useQuery } from '@tanstack/react-query';
import { COMPANY_DETAILS_PATH, type CompanyDetails } from '../../../domain/legal-pages';

export const companyDetailsQueryKey = ['legal', 'company-details'] as const;

async function fetchCompanyDetails(): Promise<CompanyDetails> {
  const response = await fetch(COMPANY_DETAILS_PATH, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Angaben zum Anbieter: HTTP ${response.status}`);
  return (await response.json()) as CompanyDetails;
}

/**
 * The provider's details for the legal texts. Offline the service worker answers with the last
 * copy it kept (warmed at its installation), so a page never opened still reads complete.
 */
export function useCompanyDetails() {
  return useQuery({
    queryKey: companyDetailsQueryKey,
    queryFn: fetchCompanyDetails,
    staleTime: 5 * 60_000,
    retry: 1,
  });
}
