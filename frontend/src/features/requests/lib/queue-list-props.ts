import type { PublicRequest } from '@radio/contracts';

/** What a public list of requests is given: the requests (undefined: not read yet) and whose. */
export type QueueListProps = {
  requests: PublicRequest[] | undefined;
  isError: boolean;
  ownIds: ReadonlySet<number>;
  timeZone: string;
};
