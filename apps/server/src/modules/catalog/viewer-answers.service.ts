import type { CategoryData, ContentKind, PersonalRow, RowEntry, RowItem } from '@marquee/contract';
import type { ReadyAnswer } from '../../lib/ready-answer';
import { personalAccess, type ViewerAccess } from '../playback/entitlement.service';
import { limitCards, limitCategory, type AgeFilter } from './catalog.service';
import type { CatalogReadModel, SharedAnswers } from './read-model.service';

/**
 * A signed-in viewer's answer: kept bytes shared by every viewer of the same shape (sent like an
 * anonymous answer, compressed forms and ETag included), or JSON made for this viewer alone.
 */
export type ViewerAnswer = ReadyAnswer<unknown> | string;

/** Who is asking: their profile's age limit (null: none) and what their account holds, read with the session. */
export interface AnswerViewer {
  ageLimit: number | null;
  access: ViewerAccess;
}

export interface ViewerAnswers {
  /** A category's page with the profile's personal rows (made for it, possibly none). */
  category(viewer: AnswerViewer, input: { id: string; personalRows: PersonalRow[] }): Promise<ViewerAnswer>;
  similar(viewer: AnswerViewer, input: { kind: ContentKind; id: string }): Promise<ViewerAnswer>;
}

/**
 * Shared answers as a signed-in viewer sees them. Only cards of titles that are not free can
 * differ from the anonymous answer, and for most viewers they differ the same way: every one
 * 'included' for a subscriber, none for anyone else. So the read model keeps one answer per shape
 * (age limit × subscribed or not), built from the anonymous one and reset with it, and a request
 * costs no statement (what the account holds came with the session) and, unless the viewer has a
 * rental among the cards, no re-serialising of the page: its personal rows are written into the
 * kept JSON.
 */
export function viewerAnswers(deps: { readModel: CatalogReadModel; answers: SharedAnswers }): ViewerAnswers {
  /** The anonymous answer under `key` as viewers of this shape see it: `shape` makes it, given their age filter. */
  function shaped<T>(key: string, viewer: AnswerViewer, shape: (filter: AgeFilter | null) => Promise<T>) {
    const { ageLimit, access } = viewer;
    return deps.readModel.get(`${key}|age:${ageLimit ?? 'any'}|${access.subscribed ? 'subscriber' : 'viewer'}`, async () =>
      shape(ageLimit === null ? null : { limit: ageLimit, ages: await deps.answers.ageLimits() }),
    );
  }

  return {
    async category(viewer, input) {
      const kept = await shaped(`category:${input.id}`, viewer, async (filter) => {
        const anonymous = (await deps.answers.category(input.id)).value;
        const data = filter ? limitCategory(anonymous, filter) : anonymous;
        const shapedData = viewer.access.subscribed ? { ...data, subcategories: rowsFor(SUBSCRIBER, data.subcategories) } : data;
        // Last and empty, so a profile's own rows are written into the kept JSON (withPersonalRows).
        return { ...shapedData, personalRows: [] as PersonalRow[] } satisfies CategoryData;
      });
      const anyRented = rents(viewer.access) && kept.value.subcategories.some((row) => row.content.some((c) => isRented(viewer.access, c.item)));
      if (!anyRented && input.personalRows.length === 0) return kept;
      const personalRows = rowsFor(viewer.access, input.personalRows);
      if (!anyRented) return withPersonalRows(kept.json, personalRows);
      return JSON.stringify({ ...kept.value, subcategories: rowsFor(viewer.access, kept.value.subcategories), personalRows });
    },

    async similar(viewer, input) {
      const key = `similar:${input.kind}:${input.id}`;
      const kept =
        viewer.ageLimit === null && !viewer.access.subscribed
          ? await deps.answers.similar(input.kind, input.id)
          : await shaped(key, viewer, async (filter) => {
              const anonymous = (await deps.answers.similar(input.kind, input.id)).value;
              const cards = filter ? limitCards(anonymous, filter) : anonymous;
              return viewer.access.subscribed ? cards.map((card) => cardFor(SUBSCRIBER, card)) : cards;
            });
      if (!(rents(viewer.access) && kept.value.some((card) => isRented(viewer.access, card)))) return kept;
      return JSON.stringify(kept.value.map((card) => cardFor(viewer.access, card)));
    },
  };
}

/** What every subscriber holds, as far as cards can tell: each title that is not free is included. */
const SUBSCRIBER: ViewerAccess = { subscribed: true, rentals: new Map() };

const EMPTY_PERSONAL_ROWS = '"personalRows":[]}';

/** The kept JSON (which ends with empty personal rows) with the profile's own rows in their place. */
function withPersonalRows(json: string, rows: PersonalRow[]): string {
  if (!json.endsWith(EMPTY_PERSONAL_ROWS)) throw new Error('A kept category answer must end with its empty personal rows');
  return `${json.slice(0, -EMPTY_PERSONAL_ROWS.length)}"personalRows":${JSON.stringify(rows)}}`;
}

/** Whether the viewer's rentals can change a kept answer's cards (a subscriber's show 'included' already). */
function rents(access: ViewerAccess): boolean {
  return !access.subscribed && access.rentals.size > 0;
}

function isRented(access: ViewerAccess, card: RowItem): boolean {
  return !card.isFree && access.rentals.has(card._id);
}

/** A card as this viewer sees it: the same object when their access is the anonymous one. */
function cardFor(access: ViewerAccess, card: RowItem): RowItem {
  const mine = personalAccess(access, card);
  return mine === undefined ? card : { ...card, access: mine };
}

function rowsFor<R extends { content: RowEntry[] }>(access: ViewerAccess, rows: R[]): R[] {
  return rows.map((row) => ({ ...row, content: row.content.map((entry) => ({ ...entry, item: cardFor(access, entry.item) })) }));
}
