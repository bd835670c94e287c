/**
 * The one SQL rule for who sees a dataset: members of its group and users with an access entry (OWNER or USER);
 * administrators see everything. Repositories embed it so lists and lookups can never disagree.
 */
import { sql, type SQL } from 'drizzle-orm';
import { datasetAccess, datasets, memberships } from '../../db/schema.ts';

/** Who is looking: the signed-in user, and whether they are an administrator. */
export interface Viewer {
  userId: number;
  admin: boolean;
}

/** True for rows of `datasets` (in the surrounding query, unaliased) that the viewer may see. */
export function datasetVisibleTo(viewer: Viewer): SQL {
  if (viewer.admin) return sql`true`;
  return sql`(exists (select 1 from ${memberships} where ${memberships.groupId} = ${datasets.groupId} and ${memberships.userId} = ${viewer.userId})
    or exists (select 1 from ${datasetAccess} where ${datasetAccess.datasetId} = ${datasets.id} and ${datasetAccess.userId} = ${viewer.userId}))`;
}
