import { Outlet, useParams } from 'react-router';
import { NotFound } from '../../components/NotFound.tsx';
import { isRunId } from './runId.ts';

/** Run routes exist only for numeric ids (spec 1 §2.1); anything else is not found. */
export function RunIdGuard() {
  const { id } = useParams();
  return isRunId(id) ? <Outlet /> : <NotFound />;
}
