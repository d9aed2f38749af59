// Resource ids. New records get UUIDs (8-4-4-4-12, lower-case), the form the
// real service's ids have and that its client libraries validate; records
// made before that have 32 hex characters and keep them, so both forms are
// ids of ours.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LEGACY_HEX = /^[0-9a-f]{32}$/;

/** Whether `id` has the form of an id this service issues (it may still not exist). */
export const isResourceIdForm = (id: string) => UUID.test(id) || LEGACY_HEX.test(id);
