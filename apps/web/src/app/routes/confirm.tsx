import { useSearchParams } from 'react-router';
import { ConfirmPage } from '@/features/account';

/** /confirm?email=&token= */
export function ConfirmRoute() {
  const [params] = useSearchParams();
  return <ConfirmPage email={params.get('email')} token={params.get('token')} />;
}
