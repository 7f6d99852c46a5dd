import type { Executor } from '../../../db/database';

/** The SQL of grievances (decision 278): a customer's complaint and the owner's answer. */

const COLUMNS = ['id', 'user_id', 'subject', 'details', 'status', 'created_at', 'due_by', 'answer', 'answered_at'] as const;

export async function insert(db: Executor, v: { userId: string; subject: string; details: string; at: string; dueBy: string }) {
  return db
    .insertInto('privacy_grievances')
    .values({ user_id: v.userId, subject: v.subject, details: v.details, created_at: v.at, due_by: v.dueBy })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export function listFor(db: Executor, userId: string, limit: number) {
  return db
    .selectFrom('privacy_grievances')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function byId(db: Executor, id: string) {
  return db.selectFrom('privacy_grievances').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The answer, only while the grievance is open: of two answers at once, one updates the row, the other finds it answered. */
export function answer(db: Executor, id: string, v: { answer: string; by: string; at: string }) {
  return db
    .updateTable('privacy_grievances')
    .set({ status: 'answered', answer: v.answer, answered_by: v.by, answered_at: v.at })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returning(COLUMNS)
    .executeTakeFirst();
}

export type GrievanceRow = Awaited<ReturnType<typeof byId>> & object;
