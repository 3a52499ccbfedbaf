import type { HealthRepository } from "./repository.ts";

export function createHealthService(repo: HealthRepository, version: string) {
  return {
    version,
    /** Ready when the database answers; the reason of a failure goes to the log, not to the caller. */
    async ready(onFailure: (error: unknown) => void): Promise<boolean> {
      try {
        await repo.ping();
        return true;
      } catch (error) {
        onFailure(error);
        return false;
      }
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
