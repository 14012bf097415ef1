import type { OrganizationsTable } from '../../db/database.types';

export type OrganizationDto = {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  scheduledPurgeAt: string | null;
};

export function toOrganizationDto(row: OrganizationsTable): OrganizationDto {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
    scheduledPurgeAt: row.scheduled_purge_at,
  };
}
