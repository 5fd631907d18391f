/** The spinner shown in place of a page while its code or data loads. */
import { Spinner } from '../ui/Spinner';

export function PageLoading() {
  return <Spinner label="Loading page" />;
}
