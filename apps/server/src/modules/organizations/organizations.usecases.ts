import type { Actor } from '../../app/app.types';
import type { AppDatabase } from '../../db/database';
import { toOrganizationDto } from './organizations.models';
import { createOrganizationsRepository } from './organizations.repository';

export function createOrganizationsUsecases({ database }: { database: AppDatabase }) {
  const repository = createOrganizationsRepository({ db: database.db });

  return {
    /** The caller's organizations; an API key sees only those it is scoped to. */
    async listOrganizations({ actor }: { actor: Actor }) {
      const rows = await repository.listUserOrganizations({ userId: actor.userId });
      const visible =
        actor.kind === 'api-key' && !actor.apiKey.allOrganizations
          ? rows.filter((row) => actor.apiKey.organizationIds.includes(row.id))
          : rows;
      return visible.map(toOrganizationDto);
    },
  };
}

export type OrganizationsUsecases = ReturnType<typeof createOrganizationsUsecases>;
