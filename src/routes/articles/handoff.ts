import type { Config, Release } from '../../config.js';
import { PUBLICATION_TARGETS, type ArticleStatus, type PublicationTarget } from '../../entities/article.js';
import { invalidField } from '../../errors/domain-error.js';

/**
 * The hand-off (POST /articles/{id}/publish with target none) is Planned in spec 02, and its
 * status is reserved: "handed_off is reserved for the future hand-off and is not returned now"
 * (as "`none` arrives with hand-off" for a publication's target). So handed_off, and a
 * publication of target none, are answered only where the hand-off's label answers; elsewhere
 * (the spec's release status) such an article reads as approved, the state it was handed off
 * from, and status=handed_off is 422 (docs/adr/0089-issue-42-item-6-five-readings-of-the-spec.md, item d).
 */
export const HANDOFF_RELEASE: Release = 'planned';

/** Whether this cell answers the hand-off, and so handed_off and target none. */
export const handoffAnswers = (config: Pick<Config, 'releasedLabels'>): boolean => config.releasedLabels.includes(HANDOFF_RELEASE);

/** The status an answer says: handed_off only where the hand-off answers, else approved. */
export function answeredStatus(status: ArticleStatus, handoff: boolean): ArticleStatus {
  return status === 'handed_off' && !handoff ? 'approved' : status;
}

/** The stored statuses a `status` filter finds: what reads as that status (approved takes handed_off where that is not answered). */
export function filteredStatuses(status: ArticleStatus, handoff: boolean): ArticleStatus[] {
  if (handoff) return [status];
  if (status === 'handed_off') {
    throw invalidField('/status', 'not_supported', 'status: handed_off is reserved for the hand-off (spec 02), which this cell does not answer.');
  }
  return status === 'approved' ? ['approved', 'handed_off'] : [status];
}

/** The publication targets an answer shows: none only where the hand-off answers. */
export const answeredTargets = (handoff: boolean): readonly PublicationTarget[] => (handoff ? PUBLICATION_TARGETS : ['connector']);
