/**
 * Where an admin's status change is judged: a pure function of the request (locked for it), the
 * settings and the time, as judge.ts judges a submit.
 */
import type { RequestStatusValue } from '@radio/contracts';
import type { DjSettingsRow } from '@radio/db';
import { nonstopAzuraCastOf } from '@radio/station';
import type { Refusal } from './judge.ts';
import { REASONS } from './request-texts.ts';
import type { RequestRow } from './requests-repository.ts';

export interface StatusChangeFacts {
  /** The request, locked for the change; undefined when there is none. */
  current: RequestRow | undefined;
  status: 'approved' | 'rejected' | 'played';
  reviewer: { name: string; email: string };
  settings: DjSettingsRow;
  /** The station's request id of the request's library track; null when it is queued here. */
  stationRequestId: string | null;
}

export type StatusDecision =
  | { kind: 'refused'; refusal: Refusal }
  | {
      kind: 'changed';
      previousStatus: RequestStatusValue;
      changes: {
        status: 'approved' | 'rejected' | 'played';
        reviewedBy: string;
        reviewedAt: Date;
        playedAt?: Date;
        stationClaimedAt?: Date;
        stationStep?: 'to_submit';
      };
      /** What becomes of its queue entries: placed (nonstop), taken out, or left. */
      queue: 'place' | 'remove' | 'keep';
      /** Sent to the station's request API after the write (claimed now). */
      toStation: { stationRequestId: string } | null;
    };

const ALLOWED_FROM: Record<StatusChangeFacts['status'], RequestStatusValue[]> = {
  approved: ['pending'],
  rejected: ['pending', 'approved'],
  played: ['pending', 'approved'],
};

/**
 * An admin's decision. approve: pending → approved (queued at once in nonstop mode when its
 * track is there, or sent to an AzuraCast station); reject: pending/approved → rejected (out of
 * the queue); played: pending/approved → played. Anything else is a 409.
 */
export function judgeStatusChange(facts: StatusChangeFacts, now: Date): StatusDecision {
  const { current, status, settings } = facts;
  if (!current) {
    return {
      kind: 'refused',
      refusal: { status: 404, code: 'NOT_FOUND', message: REASONS.noRequest },
    };
  }
  if (!ALLOWED_FROM[status].includes(current.status)) {
    return {
      kind: 'refused',
      refusal: {
        status: 409,
        code: 'INVALID_TRANSITION',
        message: REASONS.invalidTransition(current.status, status),
      },
    };
  }
  const nonstop = settings.broadcastingMode === 'nonstop';
  const toStation =
    status === 'approved' &&
    nonstop &&
    facts.stationRequestId &&
    current.stationSubmittedAt === null
      ? { stationRequestId: facts.stationRequestId }
      : null;
  if (toStation && !nonstopAzuraCastOf(settings)) {
    return {
      kind: 'refused',
      refusal: { status: 409, code: 'NOT_AVAILABLE', message: REASONS.generic },
    };
  }
  return {
    kind: 'changed',
    previousStatus: current.status,
    changes: {
      status,
      reviewedBy: facts.reviewer.name.trim() || facts.reviewer.email,
      reviewedAt: now,
      ...(status === 'played' ? { playedAt: now } : {}),
      ...(toStation ? { stationClaimedAt: now, stationStep: 'to_submit' as const } : {}),
    },
    queue: status !== 'approved' ? 'remove' : nonstop ? 'place' : 'keep',
    toStation,
  };
}
