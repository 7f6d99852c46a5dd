import { sql, type Kysely } from 'kysely';

/**
 * One person, one account per number (decision 206): a number that signs in — proven by a code, or
 * written on a staff record (a pending invitation is a staff record too) — is on one account only.
 * Numbers typed on a customer's account and never proven stay out of the index (decision 170: they
 * never sign in); proving one elsewhere takes it from where it was only typed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Existing collisions, resolved before the index: the account where the number was proven keeps it;
  // else the oldest staff record. Other staff records lose the number (they keep their e-mail, which
  // the invitation needs); customers who only typed a number that signs in elsewhere lose it too.
  await sql`
    with ranked as (
      select id, mobile,
             row_number() over (partition by mobile order by (mobile_verified_at is null), created_at, id) as rank
        from users
       where mobile is not null and (mobile_verified_at is not null or role <> 'customer')
    )
    update users u set mobile = null, updated_at = now()
      from ranked r
     where u.id = r.id and r.rank > 1`.execute(db);
  await sql`
    update users u set mobile = null, updated_at = now()
     where u.mobile is not null and u.mobile_verified_at is null and u.role = 'customer'
       and exists (select 1 from users o where o.id <> u.id and o.mobile = u.mobile and (o.mobile_verified_at is not null or o.role <> 'customer'))`.execute(db);
  await sql`drop index users_mobile_verified_key`.execute(db);
  await sql`create unique index users_mobile_signs_in_key on users (mobile) where mobile_verified_at is not null or role <> 'customer'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index users_mobile_signs_in_key`.execute(db);
  await sql`create unique index users_mobile_verified_key on users (mobile) where mobile_verified_at is not null`.execute(db);
}
