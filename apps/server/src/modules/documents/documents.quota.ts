/**
 * Bytes of uploads still streaming, per organization, in this process. An upload refuses early
 * once what is stored plus what is in flight passes the limit, instead of streaming a whole file
 * that cannot be kept. Advisory only: the check that holds across processes is the one made in
 * the transaction inserting the row, under the organization's lock.
 */
export function createUploadReservations() {
  const inFlight = new Map<string, number>();
  return {
    reservedBy(organizationId: string) {
      return inFlight.get(organizationId) ?? 0;
    },
    open(organizationId: string) {
      let held = 0;
      return {
        add(bytes: number) {
          held += bytes;
          inFlight.set(organizationId, (inFlight.get(organizationId) ?? 0) + bytes);
        },
        release() {
          const left = (inFlight.get(organizationId) ?? 0) - held;
          held = 0;
          if (left > 0) inFlight.set(organizationId, left);
          else inFlight.delete(organizationId);
        },
      };
    },
  };
}

export type UploadReservations = ReturnType<typeof createUploadReservations>;
