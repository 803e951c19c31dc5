use crate::db::{BeginWrite, Db, WriteTx, new_id, now_millis};
use crate::dispatch;

use super::model::{Role, slug_of};

/// How many numbered slugs (`acme-2` to `acme-9`) are tried before one with random letters.
const NUMBERED_SLUGS: u32 = 9;

/// Makes a company named `name` with `owner_id` its owner, in the caller's transaction: its slug
/// is the name's (`slug_of`), numbered when taken. `None` when the person belongs to a company
/// already (then nothing was written).
#[tracing::instrument(skip_all)]
pub async fn found<DB>(tx: &mut WriteTx<DB>, owner_id: &str, name: &str) -> Result<Option<String>, sqlx::Error>
where
    DB: sqlx::Database,
    for<'e> &'e mut DB::Connection: sqlx::Executor<'e, Database = DB>,
    DB::Arguments: sqlx::IntoArguments<DB>,
    for<'a> &'a str: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> i64: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'r> (String,): sqlx::FromRow<'r, DB::Row>,
{
    const COMPANY: &str = "INSERT INTO companies (id, slug, name, created_at, updated_at) VALUES ($1, $2, $3, $4, $4) \
         ON CONFLICT (slug) DO NOTHING RETURNING id";
    const OWNER: &str = "INSERT INTO company_members (user_id, company_id, role, joined_at) VALUES ($1, $2, 'owner', $3) \
         ON CONFLICT (user_id) DO NOTHING RETURNING user_id";
    const UNMADE: &str = "DELETE FROM companies WHERE id = $1";
    let id = new_id();
    let now = now_millis();
    let base = slug_of(name);
    let mut attempt = 1;
    loop {
        let slug = match attempt {
            1 => base.clone(),
            n if n <= NUMBERED_SLUGS => format!("{base}-{n}"),
            _ => format!("{base}-{}", &crate::secrets::random_hex(4)),
        };
        let made: Option<(String,)> = sqlx::query_as(COMPANY)
            .bind(id.as_str())
            .bind(slug.as_str())
            .bind(name)
            .bind(now)
            .fetch_optional(&mut **tx)
            .await?;
        if made.is_some() {
            break;
        }
        attempt += 1;
    }
    let joined: Option<(String,)> =
        sqlx::query_as(OWNER).bind(owner_id).bind(id.as_str()).bind(now).fetch_optional(&mut **tx).await?;
    if joined.is_none() {
        sqlx::query(UNMADE).bind(id.as_str()).execute(&mut **tx).await?;
        return Ok(None);
    }
    Ok(Some(id))
}

/// How many recruiters `adopt_recruiters` gives a company in one transaction.
const ADOPTED_AT_ONCE: i64 = 100;

/// Gives every recruiter who belongs to no company a one-person company of their own, named after
/// their profile's company (or their name when that is empty), and moves their jobs into it.
/// Recruiters who signed up before companies existed are adopted at start; it is safe to run
/// again, and on several instances at once. Returns how many companies it made.
#[tracing::instrument(skip_all)]
pub async fn adopt_recruiters(db: &Db) -> Result<u64, sqlx::Error> {
    adopt(db, None).await
}

/// The company `user_id` belongs to, with their role. A recruiter of no company (one who has just
/// signed up) is made the owner of a company of their own first, as `adopt_recruiters` does; an
/// invitation accepted before that makes them a member of the inviting company instead.
#[tracing::instrument(skip_all)]
pub async fn of_or_found(db: &Db, user_id: &str) -> Result<Option<Member>, sqlx::Error> {
    if let Some(member) = of(db, user_id).await? {
        return Ok(Some(member));
    }
    adopt(db, Some(user_id)).await?;
    of(db, user_id).await
}

/// `adopt_recruiters`, for every recruiter of no company or only for `only`.
async fn adopt(db: &Db, only: Option<&str>) -> Result<u64, sqlx::Error> {
    const WITHOUT: &str = "SELECT u.id, u.first_name, u.last_name, COALESCE(p.company, '') FROM users u \
         LEFT JOIN recruiter_profiles p ON p.user_id = u.id \
         WHERE u.account_type = 'Recruiter' AND (CAST($2 AS TEXT) IS NULL OR u.id = $2) \
         AND NOT EXISTS (SELECT 1 FROM company_members m WHERE m.user_id = u.id) \
         ORDER BY u.id LIMIT $1";
    const JOBS: &str = "UPDATE jobs SET company_id = $1 WHERE user_id = $2 AND company_id IS NULL";
    let mut made = 0;
    loop {
        let waiting: Vec<(String, String, String, String)> =
            dispatch!(db, |pool| sqlx::query_as(WITHOUT).bind(ADOPTED_AT_ONCE).bind(only).fetch_all(pool).await)?;
        if waiting.is_empty() {
            return Ok(made);
        }
        dispatch!(db, |pool| {
            let mut tx = pool.begin_write().await?;
            for (user_id, first_name, last_name, company) in &waiting {
                let name = if company.trim().is_empty() {
                    format!("{first_name} {last_name}").trim().to_string()
                } else {
                    company.trim().to_string()
                };
                // Another instance adopting at the same moment leaves nothing to do.
                let Some(company_id) = found(&mut tx, user_id, &name).await? else { continue };
                sqlx::query(JOBS).bind(company_id.as_str()).bind(user_id.as_str()).execute(&mut *tx).await?;
                made += 1;
            }
            tx.commit().await
        })?;
    }
}

/// A person's place in a company.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Member {
    pub company_id: String,
    pub role: Role,
}

/// The company `user_id` belongs to, with their role; `None` for someone of no company.
#[tracing::instrument(skip_all)]
pub async fn of(db: &Db, user_id: &str) -> Result<Option<Member>, sqlx::Error> {
    const SQL: &str = "SELECT company_id, role FROM company_members WHERE user_id = $1";
    dispatch!(db, |pool| sqlx::query_as::<_, Member>(SQL).bind(user_id).fetch_optional(pool).await)
}

/// The most members a company may have.
pub const MAX_MEMBERS: i64 = 500;

/// A member of a company as its team page lists them.
#[derive(Debug, sqlx::FromRow)]
pub struct TeamMember {
    pub user_id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub role: Role,
    pub joined_at: i64,
}

/// The company's members, the first to join first.
#[tracing::instrument(skip_all)]
pub async fn team(db: &Db, company_id: &str) -> Result<Vec<TeamMember>, sqlx::Error> {
    const SQL: &str = "SELECT m.user_id, u.first_name, u.last_name, u.email, m.role, m.joined_at \
         FROM company_members m JOIN users u ON u.id = m.user_id WHERE m.company_id = $1 \
         ORDER BY m.joined_at, m.user_id LIMIT $2";
    dispatch!(db, |pool| sqlx::query_as::<_, TeamMember>(SQL).bind(company_id).bind(MAX_MEMBERS).fetch_all(pool).await)
}

/// An invitation not yet taken up, revoked or expired.
#[derive(Debug, sqlx::FromRow)]
pub struct PendingInvitation {
    pub id: String,
    pub email: String,
    pub role: Role,
    pub created_at: i64,
    pub expires_at: i64,
}

/// How many invitations a company may send in a day.
pub const INVITATIONS_PER_DAY: i64 = 50;
/// How many invitations a company may have waiting at once.
pub const MAX_PENDING: i64 = 100;
const DAY_MILLIS: i64 = 24 * 60 * 60 * 1000;

/// The company's invitations still waiting at `now`, the newest first.
#[tracing::instrument(skip_all)]
pub async fn pending_invitations(db: &Db, company_id: &str, now: i64) -> Result<Vec<PendingInvitation>, sqlx::Error> {
    const SQL: &str = "SELECT id, email, role, created_at, expires_at FROM company_invitations \
         WHERE company_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $2 \
         ORDER BY created_at DESC, id LIMIT $3";
    dispatch!(db, |pool| {
        sqlx::query_as::<_, PendingInvitation>(SQL).bind(company_id).bind(now).bind(MAX_PENDING).fetch_all(pool).await
    })
}

/// An invitation to write, with its e-mail.
pub struct NewInvitation<'a> {
    pub company_id: &'a str,
    pub email: &'a str,
    pub role: Role,
    pub invited_by: &'a str,
    pub token_hash: &'a str,
    pub expires_at: i64,
    pub mail: &'a crate::mail::Mail,
}

pub enum Invited {
    Sent(PendingInvitation),
    /// The address is a member's already.
    AlreadyMember,
    /// The company has sent `INVITATIONS_PER_DAY` in the last day, or has `MAX_PENDING` waiting.
    TooMany,
    /// The company has `MAX_MEMBERS` members.
    Full,
}

/// Invites `email` to the company and queues the e-mail with the link, in one transaction; an
/// earlier invitation of the address still waiting is revoked (its link stops working). The
/// company's row is held while the day's invitations are counted, so two at once cannot both
/// take the last one.
#[tracing::instrument(skip_all)]
pub async fn invite(db: &Db, invitation: &NewInvitation<'_>) -> Result<Invited, sqlx::Error> {
    let lock = match db {
        Db::Sqlite(_) => "SELECT id FROM companies WHERE id = $1",
        Db::Postgres(_) => "SELECT id FROM companies WHERE id = $1 FOR UPDATE",
    };
    const MEMBER: &str = "SELECT m.user_id FROM company_members m JOIN users u ON u.id = m.user_id \
         WHERE m.company_id = $1 AND u.email = $2";
    const MEMBERS: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM company_members WHERE company_id = $1";
    const SENT: &str =
        "SELECT CAST(COUNT(*) AS BIGINT) FROM company_invitations WHERE company_id = $1 AND created_at > $2";
    const WAITING: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM company_invitations WHERE company_id = $1 \
         AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $2 AND email <> $3";
    const REPLACE: &str = "UPDATE company_invitations SET revoked_at = $3 WHERE company_id = $1 AND email = $2 \
         AND accepted_at IS NULL AND revoked_at IS NULL";
    const INSERT: &str = "INSERT INTO company_invitations (id, company_id, email, role, token_hash, invited_by, \
         created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";
    let id = new_id();
    let now = now_millis();
    let company = invitation.company_id;
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        sqlx::query(lock).bind(company).execute(&mut *tx).await?;
        let member: Option<(String,)> =
            sqlx::query_as(MEMBER).bind(company).bind(invitation.email).fetch_optional(&mut *tx).await?;
        if member.is_some() {
            return Ok(Invited::AlreadyMember);
        }
        let (members,): (i64,) = sqlx::query_as(MEMBERS).bind(company).fetch_one(&mut *tx).await?;
        if members >= MAX_MEMBERS {
            return Ok(Invited::Full);
        }
        let (sent,): (i64,) = sqlx::query_as(SENT).bind(company).bind(now - DAY_MILLIS).fetch_one(&mut *tx).await?;
        let (waiting,): (i64,) =
            sqlx::query_as(WAITING).bind(company).bind(now).bind(invitation.email).fetch_one(&mut *tx).await?;
        if sent >= INVITATIONS_PER_DAY || waiting >= MAX_PENDING {
            return Ok(Invited::TooMany);
        }
        sqlx::query(REPLACE).bind(company).bind(invitation.email).bind(now).execute(&mut *tx).await?;
        sqlx::query(INSERT)
            .bind(&id)
            .bind(company)
            .bind(invitation.email)
            .bind(invitation.role.as_str())
            .bind(invitation.token_hash)
            .bind(invitation.invited_by)
            .bind(now)
            .bind(invitation.expires_at)
            .execute(&mut *tx)
            .await?;
        crate::mail::repo::enqueue(&mut *tx, invitation.mail).await?;
        tx.commit().await?;
        Ok(Invited::Sent(PendingInvitation {
            id: id.clone(),
            email: invitation.email.to_string(),
            role: invitation.role,
            created_at: now,
            expires_at: invitation.expires_at,
        }))
    })
}

/// Revokes one of the company's waiting invitations; `false` when it has no such invitation.
#[tracing::instrument(skip_all)]
pub async fn revoke_invitation(db: &Db, company_id: &str, id: &str) -> Result<bool, sqlx::Error> {
    const SQL: &str = "UPDATE company_invitations SET revoked_at = $3 WHERE id = $1 AND company_id = $2 \
         AND accepted_at IS NULL AND revoked_at IS NULL";
    let revoked = dispatch!(db, |pool| {
        sqlx::query(SQL)
            .bind(id)
            .bind(company_id)
            .bind(now_millis())
            .execute(pool)
            .await
            .map(|done| done.rows_affected())
    })?;
    Ok(revoked == 1)
}

/// A waiting invitation as its link shows it.
#[derive(Debug, sqlx::FromRow)]
pub struct InvitationView {
    pub id: String,
    pub company_id: String,
    pub company_name: String,
    pub company_slug: String,
    pub email: String,
    pub role: Role,
    pub expires_at: i64,
}

const INVITATION_VIEW: &str = "SELECT i.id, i.company_id, co.name AS company_name, co.slug AS company_slug, i.email, \
     i.role, i.expires_at FROM company_invitations i JOIN companies co ON co.id = i.company_id \
     WHERE i.token_hash = $1 AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > $2 \
     AND co.removed_at IS NULL";

/// The invitation whose link's secret has `token_hash`, while it waits.
#[tracing::instrument(skip_all)]
pub async fn invitation(db: &Db, token_hash: &str, now: i64) -> Result<Option<InvitationView>, sqlx::Error> {
    dispatch!(db, |pool| {
        sqlx::query_as::<_, InvitationView>(INVITATION_VIEW).bind(token_hash).bind(now).fetch_optional(pool).await
    })
}

pub enum Accepted {
    Joined {
        company_id: String,
        role: Role,
    },
    /// No such invitation waiting: used, revoked, replaced, expired or never made.
    Invalid,
    /// It was sent to another address than the caller's.
    OtherAddress,
    /// The caller works with another company that has other members or jobs.
    Elsewhere {
        company: String,
    },
}

/// Takes up an invitation for `user_id` (whose address is `email`), once: they become a member
/// with the invited role. Someone alone in a company of their own with no jobs leaves it (it is
/// removed); someone in another company with others or jobs is refused.
#[tracing::instrument(skip_all)]
pub async fn accept(db: &Db, token_hash: &str, user_id: &str, email: &str) -> Result<Accepted, sqlx::Error> {
    let take = match db {
        Db::Sqlite(_) => INVITATION_VIEW.to_string(),
        Db::Postgres(_) => format!("{INVITATION_VIEW} FOR UPDATE OF i"),
    };
    const CURRENT: &str = "SELECT m.company_id, m.role, co.name, \
         (SELECT CAST(COUNT(*) AS BIGINT) FROM company_members o WHERE o.company_id = m.company_id), \
         (SELECT CAST(COUNT(*) AS BIGINT) FROM jobs j WHERE j.company_id = m.company_id AND j.deleted_at IS NULL) \
         FROM company_members m JOIN companies co ON co.id = m.company_id WHERE m.user_id = $1";
    const LEAVE: &str = "DELETE FROM company_members WHERE user_id = $1";
    const CLOSE: &str = "UPDATE companies SET removed_at = $2, updated_at = $2 WHERE id = $1";
    const JOIN: &str = "INSERT INTO company_members (user_id, company_id, role, joined_at) VALUES ($1, $2, $3, $4)";
    const TAKEN: &str = "UPDATE company_invitations SET accepted_at = $2 WHERE id = $1";
    let now = now_millis();
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let Some(invitation) = sqlx::query_as::<_, InvitationView>(sqlx::AssertSqlSafe(take.as_str()))
            .bind(token_hash)
            .bind(now)
            .fetch_optional(&mut *tx)
            .await?
        else {
            return Ok(Accepted::Invalid);
        };
        if invitation.email != email {
            return Ok(Accepted::OtherAddress);
        }
        let current: Option<(String, Role, String, i64, i64)> =
            sqlx::query_as(CURRENT).bind(user_id).fetch_optional(&mut *tx).await?;
        let role = match current {
            Some((company_id, role, _, _, _)) if company_id == invitation.company_id => role,
            Some((company_id, _, name, members, jobs)) => {
                if members > 1 || jobs > 0 {
                    return Ok(Accepted::Elsewhere { company: name });
                }
                sqlx::query(LEAVE).bind(user_id).execute(&mut *tx).await?;
                sqlx::query(CLOSE).bind(&company_id).bind(now).execute(&mut *tx).await?;
                join(&mut tx, JOIN, user_id, &invitation, now).await?;
                invitation.role
            }
            None => {
                join(&mut tx, JOIN, user_id, &invitation, now).await?;
                invitation.role
            }
        };
        sqlx::query(TAKEN).bind(&invitation.id).bind(now).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(Accepted::Joined { company_id: invitation.company_id, role })
    })
}

async fn join<DB>(
    tx: &mut WriteTx<DB>,
    sql: &'static str,
    user_id: &str,
    invitation: &InvitationView,
    now: i64,
) -> Result<(), sqlx::Error>
where
    DB: sqlx::Database,
    for<'e> &'e mut DB::Connection: sqlx::Executor<'e, Database = DB>,
    DB::Arguments: sqlx::IntoArguments<DB>,
    for<'a> &'a str: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> i64: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
{
    sqlx::query(sql)
        .bind(user_id)
        .bind(invitation.company_id.as_str())
        .bind(invitation.role.as_str())
        .bind(now)
        .execute(&mut **tx)
        .await
        .map(|_| ())
}

/// A member's role in a company (`$1` the member, `$2` the company).
const ROLE: &str = "SELECT role FROM company_members WHERE user_id = $1 AND company_id = $2";
/// How many owners a company (`$1`) has.
const OWNERS: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM company_members WHERE company_id = $1 AND role = 'owner'";

pub enum Left {
    Done,
    /// Not a member of this company.
    NotMember,
    /// The company's only owner: someone else must be made an owner first.
    LastOwner,
}

/// Takes `user_id` out of the company: their sessions and API tokens end, they leave every job's hiring team,
/// and the jobs they were in charge of (with those jobs' applications) pass to `successor`. The
/// company's jobs, candidates, notes and conversations stay.
#[tracing::instrument(skip_all)]
pub async fn remove_member(db: &Db, company_id: &str, user_id: &str, successor: &str) -> Result<Left, sqlx::Error> {
    const LEAVE: &str = "DELETE FROM company_members WHERE user_id = $1";
    const TEAMS: &str = "DELETE FROM job_team WHERE user_id = $1";
    const SESSIONS: &str = "DELETE FROM sessions WHERE user_id = $1";
    const TOKENS: &str = "DELETE FROM api_tokens WHERE user_id = $1";
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let role: Option<(Role,)> =
            sqlx::query_as(ROLE).bind(user_id).bind(company_id).fetch_optional(&mut *tx).await?;
        let Some((role,)) = role else { return Ok(Left::NotMember) };
        if role == Role::Owner {
            let (owners,): (i64,) = sqlx::query_as(OWNERS).bind(company_id).fetch_one(&mut *tx).await?;
            if owners <= 1 {
                return Ok(Left::LastOwner);
            }
        }
        sqlx::query(LEAVE).bind(user_id).execute(&mut *tx).await?;
        sqlx::query(TEAMS).bind(user_id).execute(&mut *tx).await?;
        hand_over_jobs(&mut tx, company_id, user_id, successor).await?;
        sqlx::query(SESSIONS).bind(user_id).execute(&mut *tx).await?;
        sqlx::query(TOKENS).bind(user_id).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(Left::Done)
    })
}

/// Puts `successor` in charge of the company's jobs `from` was in charge of, with their
/// applications.
async fn hand_over_jobs<DB>(
    tx: &mut WriteTx<DB>,
    company_id: &str,
    from: &str,
    successor: &str,
) -> Result<(), sqlx::Error>
where
    DB: sqlx::Database,
    for<'e> &'e mut DB::Connection: sqlx::Executor<'e, Database = DB>,
    DB::Arguments: sqlx::IntoArguments<DB>,
    for<'a> &'a str: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> i64: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
{
    const APPLICATIONS: &str = "UPDATE applications SET recruiter_id = $3 WHERE recruiter_id = $2 \
         AND job_id IN (SELECT id FROM jobs WHERE company_id = $1)";
    const JOBS: &str = "UPDATE jobs SET user_id = $3 WHERE company_id = $1 AND user_id = $2";
    sqlx::query(APPLICATIONS).bind(company_id).bind(from).bind(successor).execute(&mut **tx).await?;
    sqlx::query(JOBS).bind(company_id).bind(from).bind(successor).execute(&mut **tx).await?;
    Ok(())
}

pub enum RoleSet {
    Done,
    NotMember,
    LastOwner,
}

/// Gives a member another role. The only owner keeps theirs until another is made owner; a member
/// made hiring manager passes the jobs they were in charge of to `successor`, stays on their
/// hiring teams, and loses their API tokens (docs/rules.md#api-tokens).
#[tracing::instrument(skip_all)]
pub async fn set_role(
    db: &Db,
    company_id: &str,
    user_id: &str,
    role: Role,
    successor: &str,
) -> Result<RoleSet, sqlx::Error> {
    const SET: &str = "UPDATE company_members SET role = $3 WHERE user_id = $1 AND company_id = $2";
    const TOKENS: &str = "DELETE FROM api_tokens WHERE user_id = $1";
    const ON_TEAMS: &str = "INSERT INTO job_team (job_id, user_id, added_at) \
         SELECT id, $2, $3 FROM jobs WHERE company_id = $1 AND user_id = $2 AND deleted_at IS NULL \
         ON CONFLICT (job_id, user_id) DO NOTHING";
    let now = now_millis();
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let current: Option<(Role,)> =
            sqlx::query_as(ROLE).bind(user_id).bind(company_id).fetch_optional(&mut *tx).await?;
        let Some((current,)) = current else { return Ok(RoleSet::NotMember) };
        if current == Role::Owner && role != Role::Owner {
            let (owners,): (i64,) = sqlx::query_as(OWNERS).bind(company_id).fetch_one(&mut *tx).await?;
            if owners <= 1 {
                return Ok(RoleSet::LastOwner);
            }
        }
        sqlx::query(SET).bind(user_id).bind(company_id).bind(role.as_str()).execute(&mut *tx).await?;
        if role == Role::HiringManager && current != Role::HiringManager {
            sqlx::query(ON_TEAMS).bind(company_id).bind(user_id).bind(now).execute(&mut *tx).await?;
            hand_over_jobs(&mut tx, company_id, user_id, successor).await?;
            sqlx::query(TOKENS).bind(user_id).execute(&mut *tx).await?;
        }
        tx.commit().await?;
        Ok(RoleSet::Done)
    })
}

/// Whether `user_id` works the pipeline of job `job_id` (`works_on!`).
#[tracing::instrument(skip_all)]
pub async fn works_on(db: &Db, job_id: &str, user_id: &str) -> Result<bool, sqlx::Error> {
    const SQL: &str = concat!("SELECT 1 WHERE ", crate::membership::model::works_on!("$1", "$2"));
    let found: Option<(i32,)> =
        dispatch!(db, |pool| sqlx::query_as(SQL).bind(job_id).bind(user_id).fetch_optional(pool).await)?;
    Ok(found.is_some())
}

/// A member who may be told about a job, and whether they take e-mail of the kind in question.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Teammate {
    pub user_id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub email_off: bool,
}

/// Who is told about a job: everyone who works its pipeline, or only those on it (its recruiter
/// in charge and its hiring team).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Told {
    Pipeline,
    OnTheJob,
}

/// The members `told` names for job `job_id`, each with whether they switched e-mail of `kind`
/// off, the first to join first.
#[tracing::instrument(skip_all)]
pub async fn teammates(db: &Db, job_id: &str, told: Told, kind: &str) -> Result<Vec<Teammate>, sqlx::Error> {
    let who = match told {
        Told::Pipeline => crate::membership::model::works_on!("$1", "m.user_id"),
        Told::OnTheJob => {
            "(m.user_id = (SELECT user_id FROM jobs WHERE id = $1) \
             OR EXISTS (SELECT 1 FROM job_team t WHERE t.job_id = $1 AND t.user_id = m.user_id))"
        }
    };
    let sql = format!(
        "SELECT m.user_id, u.first_name, u.last_name, u.email, \
         EXISTS (SELECT 1 FROM notification_email_off o WHERE o.user_id = m.user_id AND o.kind = $2) AS email_off \
         FROM company_members m JOIN users u ON u.id = m.user_id \
         WHERE m.company_id = (SELECT company_id FROM jobs WHERE id = $1) AND {who} \
         ORDER BY m.joined_at, m.user_id LIMIT $3"
    );
    dispatch!(db, |pool| sqlx::query_as::<_, Teammate>(sqlx::AssertSqlSafe(sql))
        .bind(job_id)
        .bind(kind)
        .bind(MAX_MEMBERS)
        .fetch_all(pool)
        .await)
}

/// A job's hiring team: its recruiter in charge and the members on its team.
pub struct JobTeam {
    pub in_charge: String,
    pub members: Vec<String>,
}

/// The team of a job of `company_id` that is not deleted; `None` when the company has no such job.
#[tracing::instrument(skip_all)]
pub async fn job_team(db: &Db, company_id: &str, job_id: &str) -> Result<Option<JobTeam>, sqlx::Error> {
    const JOB: &str = "SELECT user_id FROM jobs WHERE id = $1 AND company_id = $2 AND deleted_at IS NULL";
    const TEAM: &str = "SELECT user_id FROM job_team WHERE job_id = $1 ORDER BY added_at, user_id";
    dispatch!(db, |pool| {
        let job: Option<(String,)> = sqlx::query_as(JOB).bind(job_id).bind(company_id).fetch_optional(pool).await?;
        let Some((in_charge,)) = job else { return Ok(None) };
        let members: Vec<(String,)> = sqlx::query_as(TEAM).bind(job_id).fetch_all(pool).await?;
        Ok(Some(JobTeam { in_charge, members: members.into_iter().map(|(id,)| id).collect() }))
    })
}

/// The most members on one job's hiring team.
pub const MAX_JOB_TEAM: usize = 50;

pub enum TeamSet {
    Done,
    NoSuchJob,
    /// The one in charge is not an owner or recruiter of the company.
    InChargeNotRecruiter,
    /// Someone named is not a member of the company.
    NotMember(String),
}

/// Replaces a job's recruiter in charge and hiring team, in one transaction. The one in charge
/// must be an owner or recruiter of the job's company, and everyone on the team a member of it;
/// the job's applications follow their new recruiter in charge.
#[tracing::instrument(skip_all)]
pub async fn set_job_team(
    db: &Db,
    company_id: &str,
    job_id: &str,
    in_charge: &str,
    team: &[String],
) -> Result<TeamSet, sqlx::Error> {
    const JOB: &str = "SELECT user_id FROM jobs WHERE id = $1 AND company_id = $2 AND deleted_at IS NULL";
    const CLEAR: &str = "DELETE FROM job_team WHERE job_id = $1";
    const ADD: &str = "INSERT INTO job_team (job_id, user_id, added_at) VALUES ($1, $2, $3)";
    const CHARGE: &str = "UPDATE jobs SET user_id = $2 WHERE id = $1 AND user_id <> $2";
    const APPLICATIONS: &str = "UPDATE applications SET recruiter_id = $2 WHERE job_id = $1 AND recruiter_id <> $2";
    let now = now_millis();
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let job: Option<(String,)> = sqlx::query_as(JOB).bind(job_id).bind(company_id).fetch_optional(&mut *tx).await?;
        if job.is_none() {
            return Ok(TeamSet::NoSuchJob);
        }
        let role: Option<(Role,)> =
            sqlx::query_as(ROLE).bind(in_charge).bind(company_id).fetch_optional(&mut *tx).await?;
        if !matches!(role, Some((Role::Owner | Role::Recruiter,))) {
            return Ok(TeamSet::InChargeNotRecruiter);
        }
        sqlx::query(CLEAR).bind(job_id).execute(&mut *tx).await?;
        for member in team {
            let role: Option<(Role,)> =
                sqlx::query_as(ROLE).bind(member).bind(company_id).fetch_optional(&mut *tx).await?;
            if role.is_none() {
                return Ok(TeamSet::NotMember(member.clone()));
            }
            sqlx::query(ADD).bind(job_id).bind(member).bind(now).execute(&mut *tx).await?;
        }
        sqlx::query(CHARGE).bind(job_id).bind(in_charge).execute(&mut *tx).await?;
        sqlx::query(APPLICATIONS).bind(job_id).bind(in_charge).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(TeamSet::Done)
    })
}
