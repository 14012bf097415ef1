import type { DeletedOrganizationDto, OrganizationDto } from '@sheaf/contracts/organizations';
import type { OrganizationsTable } from '../../db/database.types';

export type { OrganizationDto };

export function toOrganizationDto(row: OrganizationsTable): OrganizationDto {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
    scheduledPurgeAt: row.scheduled_purge_at,
    requiresTwoFactor: row.requires_two_factor === 1,
  };
}

export function toDeletedOrganizationDto(
  row: OrganizationsTable & { deleted_at: string; scheduled_purge_at: string },
): DeletedOrganizationDto {
  return { ...toOrganizationDto(row), deletedAt: row.deleted_at, scheduledPurgeAt: row.scheduled_purge_at };
}

export function isDeletedOrganizationRow(
  row: OrganizationsTable,
): row is OrganizationsTable & { deleted_at: string; scheduled_purge_at: string } {
  return row.deleted_at !== null && row.scheduled_purge_at !== null;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
