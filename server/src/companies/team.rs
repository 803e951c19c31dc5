//! A company's team: its members and their roles, invitations by e-mail, and leaving or being
//! removed (docs/rules.md#teams).

use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::accounts::model::Email;
use crate::accounts::repo as users;
use crate::accounts::session::{AuthUser, Recruiter};
use crate::db::now_millis;
use crate::http::envelope::{Ack, Reply, ack, ok};
use crate::http::error::{ApiResult, AppError, ErrorBody, JsonBody, PathParam};
use crate::jobs::Listings;
use crate::jobs::model::rfc3339_from_millis;
use crate::mail::{Mail, html_escape, wrap};
use crate::membership::model::Role;
use crate::membership::repo::{
    self as members, Accepted, Invited, Left, NewInvitation, PendingInvitation, RoleSet, TeamSet,
};
use crate::secrets::{digest, random_hex};
use crate::state::AppState;

use super::handlers::{member_of, owned};

/// How long an invitation's link works.
pub const INVITATION_LIFETIME_MILLIS: i64 = 7 * 24 * 60 * 60 * 1000;

pub const NO_SUCH_MEMBER: &str = "No such member of your company";
pub const LAST_OWNER: &str = "The company's last owner must make someone else an owner first";
pub const INVITATION_INVALID: &str = "This invitation link is invalid or has expired";
pub const OTHER_ADDRESS: &str =
    "This invitation was sent to another e-mail address: log in with that address to accept it";
pub const ROLE_INVALID: &str = "role must be owner, recruiter or hiringManager";

/// A member as the team page lists them.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Member {
    pub user_id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub role: Role,
    /// RFC 3339, UTC.
    pub joined_at: String,
}

#[derive(Serialize, ToSchema)]
pub struct TeamResponse {
    /// The company's members, the first to join first.
    pub members: Vec<Member>,
}

/// An invitation still waiting.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Invitation {
    #[serde(rename = "_id")]
    pub id: String,
    pub email: String,
    pub role: Role,
    /// RFC 3339, UTC.
    pub created_at: String,
    /// RFC 3339, UTC: when its link stops working.
    pub expires_at: String,
}

impl From<PendingInvitation> for Invitation {
    fn from(row: PendingInvitation) -> Self {
        Self {
            id: row.id,
            email: row.email,
            role: row.role,
            created_at: rfc3339_from_millis(row.created_at),
            expires_at: rfc3339_from_millis(row.expires_at),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct InvitationsResponse {
    /// The invitations still waiting, the newest first.
    pub invitations: Vec<Invitation>,
}

#[derive(Serialize, ToSchema)]
pub struct InvitationResponse {
    pub invitation: Invitation,
}

/// A role as a request names it.
fn role(text: Option<&str>) -> Result<Role, AppError> {
    match text.map(str::trim) {
        Some("owner") => Ok(Role::Owner),
        Some("recruiter") => Ok(Role::Recruiter),
        Some("hiringManager") => Ok(Role::HiringManager),
        _ => Err(AppError::bad_request(ROLE_INVALID)),
    }
}

/// The caller's company's members.
#[utoipa::path(get, path = "/company/members", tag = "companies", security(("bearer" = ["Recruiter"])),
    responses(
        (status = 200, description = "The members", body = TeamResponse),
    ))]
pub async fn team(State(state): State<AppState>, Recruiter(caller): Recruiter) -> ApiResult<Reply<TeamResponse>> {
    let (company, _) = member_of(&state, &caller.id).await?;
    let members = members::team(&state.db, &company.id)
        .await?
        .into_iter()
        .map(|member| Member {
            user_id: member.user_id,
            first_name: member.first_name,
            last_name: member.last_name,
            email: member.email,
            role: member.role,
            joined_at: rfc3339_from_millis(member.joined_at),
        })
        .collect();
    Ok(ok("Team fetched successfully", TeamResponse { members }))
}

#[derive(Deserialize, ToSchema)]
pub struct RoleRequest {
    /// `owner`, `recruiter` or `hiringManager`.
    pub role: Option<String>,
}

/// Give a member another role (owners only). Making someone an owner hands the company over; the
/// last owner keeps the role until then.
#[utoipa::path(put, path = "/company/members/{userId}", tag = "companies", security(("bearer" = ["Recruiter"])),
    params(("userId" = String, Path, description = "The member's user `_id`")),
    request_body = RoleRequest,
    responses(
        (status = 200, description = "`Role updated`", body = Ack),
        (status = 400, description = "No such role, or the company's last owner would be left without one", body = ErrorBody),
        (status = 403, description = "The caller is not one of its owners", body = ErrorBody),
        (status = 404, description = "No such member of the company", body = ErrorBody),
    ))]
pub async fn set_role(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Recruiter(caller): Recruiter,
    PathParam(user_id): PathParam<String>,
    JsonBody(request): JsonBody<RoleRequest>,
) -> ApiResult<Reply<Ack>> {
    let company = owned(&state, &caller.id).await?;
    let role = role(request.role.as_deref())?;
    match members::set_role(&state.db, &company.id, &user_id, role, &caller.id).await? {
        RoleSet::Done => {}
        RoleSet::NotMember => return Err(AppError::not_found(NO_SUCH_MEMBER)),
        RoleSet::LastOwner => return Err(AppError::bad_request(LAST_OWNER)),
    }
    listings.changed(&state.db).await;
    Ok(ack("Role updated"))
}

/// Remove a member (owners only), or leave (any member, removing themselves). Their access ends at
/// once, their sessions with it; the jobs they were in charge of pass to the owner who removed
/// them (or, when they leave, to the company's first owner); the company's jobs, candidates and
/// notes stay.
#[utoipa::path(delete, path = "/company/members/{userId}", tag = "companies", security(("bearer" = ["Recruiter"])),
    params(("userId" = String, Path, description = "The member's user `_id`; the caller's own to leave")),
    responses(
        (status = 200, description = "`Member removed`, or `You left the company`", body = Ack),
        (status = 400, description = "The company's last owner cannot leave or be removed", body = ErrorBody),
        (status = 403, description = "Removing another member, and not one of its owners", body = ErrorBody),
        (status = 404, description = "No such member of the company", body = ErrorBody),
    ))]
pub async fn remove_member(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Recruiter(caller): Recruiter,
    PathParam(user_id): PathParam<String>,
) -> ApiResult<Reply<Ack>> {
    let leaving = user_id == caller.id;
    let company = if leaving { member_of(&state, &caller.id).await?.0 } else { owned(&state, &caller.id).await? };
    let successor = if leaving {
        let team = members::team(&state.db, &company.id).await?;
        let owner = team.into_iter().find(|member| member.role == Role::Owner && member.user_id != caller.id);
        // With no other owner, the last owner is refused below and nothing passes to anyone.
        owner.map_or_else(|| caller.id.clone(), |owner| owner.user_id)
    } else {
        caller.id.clone()
    };
    match members::remove_member(&state.db, &company.id, &user_id, &successor).await? {
        Left::Done => {}
        Left::NotMember => return Err(AppError::not_found(NO_SUCH_MEMBER)),
        Left::LastOwner => return Err(AppError::bad_request(LAST_OWNER)),
    }
    state.notifications.wake(&user_id);
    listings.changed(&state.db).await;
    Ok(ack(if leaving { "You left the company" } else { "Member removed" }))
}

/// The company's invitations still waiting (owners only).
#[utoipa::path(get, path = "/company/invitations", tag = "companies", security(("bearer" = ["Recruiter"])),
    responses(
        (status = 200, description = "The invitations", body = InvitationsResponse),
        (status = 403, description = "The caller is not one of its owners", body = ErrorBody),
    ))]
pub async fn invitations(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
) -> ApiResult<Reply<InvitationsResponse>> {
    let company = owned(&state, &caller.id).await?;
    let invitations = members::pending_invitations(&state.db, &company.id, now_millis()).await?;
    let invitations = invitations.into_iter().map(Invitation::from).collect();
    Ok(ok("Invitations fetched successfully", InvitationsResponse { invitations }))
}

#[derive(Deserialize, ToSchema)]
pub struct InviteRequest {
    pub email: Option<String>,
    /// `owner`, `recruiter` or `hiringManager`.
    pub role: Option<String>,
}

/// Invite someone by e-mail (owners only): a link that works once, for seven days, for an account
/// of that address or one made from the link. Inviting the address again replaces the link.
#[utoipa::path(post, path = "/company/invitations", tag = "companies", security(("bearer" = ["Recruiter"])),
    request_body = InviteRequest,
    responses(
        (status = 201, description = "`Invitation sent`", body = InvitationResponse),
        (status = 400, description = "A bad address or role", body = ErrorBody),
        (status = 403, description = "The caller is not one of its owners", body = ErrorBody),
        (status = 409, description = "The address is a member's already", body = ErrorBody),
        (status = 429, description = "50 invitations in a day, or 100 waiting", body = ErrorBody),
    ))]
pub async fn invite(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
    JsonBody(request): JsonBody<InviteRequest>,
) -> ApiResult<(StatusCode, Reply<InvitationResponse>)> {
    let company = owned(&state, &caller.id).await?;
    let email = Email::parse(request.email.as_deref().unwrap_or_default())?;
    let role = role(request.role.as_deref())?;
    let inviter = users::find(&state.db, &caller.id).await?.ok_or_else(|| AppError::not_found(NO_SUCH_MEMBER))?;
    let secret = random_hex(32);
    let link = format!("{}/invitations/{secret}", state.config.public_url.trim_end_matches('/'));
    let expires_at = now_millis() + INVITATION_LIFETIME_MILLIS;
    let inviter_name = format!("{} {}", inviter.first_name, inviter.last_name);
    let mail = invitation_mail(email.as_str(), &inviter_name, &company.name, role, &link, expires_at);
    let token_hash = digest(&secret);
    let invitation = NewInvitation {
        company_id: &company.id,
        email: email.as_str(),
        role,
        invited_by: &caller.id,
        token_hash: &token_hash,
        expires_at,
        mail: &mail,
    };
    match members::invite(&state.db, &invitation).await? {
        Invited::Sent(sent) => {
            state.outbox.notify();
            Ok((StatusCode::CREATED, ok("Invitation sent", InvitationResponse { invitation: sent.into() })))
        }
        Invited::AlreadyMember => {
            Err(AppError::Conflict("This address belongs to a member of your company already".into()))
        }
        Invited::Full => {
            Err(AppError::bad_request(format!("A company may have at most {} members", members::MAX_MEMBERS)))
        }
        Invited::TooMany => Err(AppError::too_many(
            format!(
                "A company may send at most {} invitations a day and have {} waiting; try again later",
                members::INVITATIONS_PER_DAY,
                members::MAX_PENDING
            ),
            60 * 60,
        )),
    }
}

/// Revoke an invitation still waiting (owners only): its link stops working.
#[utoipa::path(delete, path = "/company/invitations/{invitationId}", tag = "companies", security(("bearer" = ["Recruiter"])),
    params(("invitationId" = String, Path, description = "The invitation's `_id`")),
    responses(
        (status = 200, description = "`Invitation revoked`", body = Ack),
        (status = 403, description = "The caller is not one of its owners", body = ErrorBody),
        (status = 404, description = "No such invitation waiting", body = ErrorBody),
    ))]
pub async fn revoke_invitation(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
    PathParam(invitation_id): PathParam<String>,
) -> ApiResult<Reply<Ack>> {
    let company = owned(&state, &caller.id).await?;
    if !members::revoke_invitation(&state.db, &company.id, &invitation_id).await? {
        return Err(AppError::not_found("No such invitation waiting"));
    }
    Ok(ack("Invitation revoked"))
}

/// An invitation as its link's page shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationDetails {
    pub company_name: String,
    pub company_slug: String,
    /// The address it was sent to: the account that accepts it must have it.
    pub email: String,
    pub role: Role,
    /// RFC 3339, UTC.
    pub expires_at: String,
}

#[derive(Serialize, ToSchema)]
pub struct InvitationDetailsResponse {
    pub invitation: InvitationDetails,
}

/// What an invitation's link offers, while it works.
#[utoipa::path(get, path = "/invitations/{token}", tag = "companies",
    params(("token" = String, Path, description = "The secret in the invitation's link")),
    responses(
        (status = 200, description = "The invitation", body = InvitationDetailsResponse),
        (status = 404, description = "`This invitation link is invalid or has expired`", body = ErrorBody),
    ))]
pub async fn invitation(
    State(state): State<AppState>,
    PathParam(token): PathParam<String>,
) -> ApiResult<Reply<InvitationDetailsResponse>> {
    let found = members::invitation(&state.db, &digest(&token), now_millis()).await?;
    let found = found.ok_or_else(|| AppError::not_found(INVITATION_INVALID))?;
    let invitation = InvitationDetails {
        company_name: found.company_name,
        company_slug: found.company_slug,
        email: found.email,
        role: found.role,
        expires_at: rfc3339_from_millis(found.expires_at),
    };
    Ok(ok("Invitation fetched successfully", InvitationDetailsResponse { invitation }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JoinedResponse {
    pub company_slug: String,
    pub role: Role,
}

/// Accept an invitation, once, with a Recruiter account of the address it was sent to. Someone
/// alone in a company of their own with no jobs leaves it for the new one.
#[utoipa::path(post, path = "/invitations/{token}/accept", tag = "companies", security(("bearer" = ["Recruiter"])),
    params(("token" = String, Path, description = "The secret in the invitation's link")),
    responses(
        (status = 200, description = "`You joined {company}`", body = JoinedResponse),
        (status = 403, description = "The invitation was sent to another address", body = ErrorBody),
        (status = 404, description = "`This invitation link is invalid or has expired`", body = ErrorBody),
        (status = 409, description = "The caller works with another company, with others or jobs", body = ErrorBody),
    ))]
pub async fn accept_invitation(
    State(state): State<AppState>,
    caller: AuthUser,
    PathParam(token): PathParam<String>,
) -> ApiResult<Reply<JoinedResponse>> {
    if caller.account_type != crate::accounts::model::AccountType::Recruiter {
        return Err(AppError::forbidden("Invitations are accepted with a Recruiter account"));
    }
    match members::accept(&state.db, &digest(&token), &caller.id, &caller.email).await? {
        Accepted::Joined { company_id, role } => {
            let company = super::repo::by_id(&state.db, &company_id)
                .await?
                .ok_or_else(|| AppError::not_found(INVITATION_INVALID))?;
            Ok(ok(format!("You joined {}", company.name), JoinedResponse { company_slug: company.slug, role }))
        }
        Accepted::Invalid => Err(AppError::not_found(INVITATION_INVALID)),
        Accepted::OtherAddress => Err(AppError::forbidden(OTHER_ADDRESS)),
        Accepted::Elsewhere { company } => Err(AppError::Conflict(format!(
            "You work with {company}: leave it (or hand it over) before joining another company"
        ))),
    }
}

/// The role as an e-mail names it.
fn role_words(role: Role) -> &'static str {
    match role {
        Role::Owner => "an owner",
        Role::Recruiter => "a recruiter",
        Role::HiringManager => "a hiring manager",
    }
}

/// The invitation's e-mail, with its link.
fn invitation_mail(to: &str, inviter: &str, company: &str, role: Role, link: &str, expires_at: i64) -> Mail {
    let what = format!("{inviter} invited you to hire with {company} on jobportal, as {}.", role_words(role));
    let (text, html) = wrap(
        &format!(
            "{what}\n\nTo accept, open this link within 7 days and log in (or sign up as a recruiter with this address):\n\n{link}\n\nThe link works once. If you did not expect this, ignore this e-mail."
        ),
        &format!(
            "<p>{}</p><p>To accept, open this link within 7 days and log in (or sign up as a recruiter with this address):</p>\
             <p><a href=\"{l}\">{l}</a></p><p>The link works once. If you did not expect this, ignore this e-mail.</p>",
            html_escape(&what),
            l = html_escape(link)
        ),
    );
    Mail {
        to: to.into(),
        subject: format!("Join {company} on jobportal"),
        text,
        html,
        list_unsubscribe: None,
        calendar: None,
        expires_at: Some(expires_at),
    }
}

#[derive(Serialize, ToSchema)]
pub struct CompanyJobsResponse {
    /// The company's jobs the caller works: every one for an owner or recruiter, those whose
    /// hiring team they are on for a hiring manager; newest first, at most 1000.
    pub data: Vec<crate::jobs::model::Job>,
}

/// The company's jobs the caller works, newest first.
#[utoipa::path(get, path = "/company/jobs", tag = "companies", security(("bearer" = ["Recruiter"]), ("apiToken" = ["jobs:read"])),
    responses(
        (status = 200, description = "`Jobs fetched successfully`", body = CompanyJobsResponse),
    ))]
pub async fn company_jobs(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
) -> ApiResult<Reply<CompanyJobsResponse>> {
    member_of(&state, &caller.id).await?;
    let data = crate::jobs::repo::list_worked(&state.db, &caller.id).await?;
    Ok(ok("Jobs fetched successfully", CompanyJobsResponse { data }))
}

/// A job's recruiter in charge and hiring team.
#[derive(Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobTeamBody {
    /// The member in charge (an owner or recruiter), shown to applicants as the job's contact.
    pub in_charge: Option<String>,
    /// The members who work the job's pipeline beside them (hiring managers see only such jobs).
    #[schema(max_items = 50)]
    pub team: Option<Vec<String>>,
}

#[derive(Serialize, ToSchema)]
pub struct JobTeamResponse {
    pub data: JobTeamBody,
}

pub const JOB_NOT_FOUND: &str = "No such job of your company";

/// A job's recruiter in charge and hiring team, for any member of its company.
#[utoipa::path(get, path = "/company/jobs/{jobId}/team", tag = "companies", security(("bearer" = ["Recruiter"])),
    params(("jobId" = String, Path, description = "The job's `_id`")),
    responses(
        (status = 200, description = "`Hiring team fetched successfully`", body = JobTeamResponse),
        (status = 404, description = "No such job of the caller's company", body = ErrorBody),
    ))]
pub async fn job_team(
    State(state): State<AppState>,
    Recruiter(caller): Recruiter,
    PathParam(job_id): PathParam<String>,
) -> ApiResult<Reply<JobTeamResponse>> {
    let (company, _) = member_of(&state, &caller.id).await?;
    let team =
        members::job_team(&state.db, &company.id, &job_id).await?.ok_or_else(|| AppError::not_found(JOB_NOT_FOUND))?;
    let data = JobTeamBody { in_charge: Some(team.in_charge), team: Some(team.members) };
    Ok(ok("Hiring team fetched successfully", JobTeamResponse { data }))
}

/// Choose a job's recruiter in charge and hiring team (an owner or recruiter of its company).
#[utoipa::path(put, path = "/company/jobs/{jobId}/team", tag = "companies", security(("bearer" = ["Recruiter"])),
    params(("jobId" = String, Path, description = "The job's `_id`")),
    request_body = JobTeamBody,
    responses(
        (status = 200, description = "`Hiring team updated`, as it is now", body = JobTeamResponse),
        (status = 400, description = "The one in charge is not an owner or recruiter, someone named is not a member, or the team is over 50", body = ErrorBody),
        (status = 403, description = "The caller is a hiring manager", body = ErrorBody),
        (status = 404, description = "No such job of the caller's company", body = ErrorBody),
    ))]
pub async fn set_job_team(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Recruiter(caller): Recruiter,
    PathParam(job_id): PathParam<String>,
    JsonBody(request): JsonBody<JobTeamBody>,
) -> ApiResult<Reply<JobTeamResponse>> {
    let (company, role) = member_of(&state, &caller.id).await?;
    if role == Role::HiringManager {
        return Err(AppError::forbidden("Hiring managers cannot change a job's team"));
    }
    let current =
        members::job_team(&state.db, &company.id, &job_id).await?.ok_or_else(|| AppError::not_found(JOB_NOT_FOUND))?;
    let in_charge = request.in_charge.map(|id| id.trim().to_string()).unwrap_or(current.in_charge);
    let mut team: Vec<String> = Vec::new();
    for member in request.team.unwrap_or(current.members) {
        let member = member.trim().to_string();
        if member != in_charge && !team.contains(&member) {
            team.push(member);
        }
    }
    if team.len() > members::MAX_JOB_TEAM {
        return Err(AppError::bad_request(format!(
            "A job's hiring team has at most {} members",
            members::MAX_JOB_TEAM
        )));
    }
    match members::set_job_team(&state.db, &company.id, &job_id, &in_charge, &team).await? {
        TeamSet::Done => {}
        TeamSet::NoSuchJob => return Err(AppError::not_found(JOB_NOT_FOUND)),
        TeamSet::InChargeNotRecruiter => {
            return Err(AppError::bad_request(
                "The one in charge of a job must be an owner or recruiter of the company",
            ));
        }
        TeamSet::NotMember(_) => {
            return Err(AppError::bad_request("Everyone on a hiring team must be a member of the company"));
        }
    }
    listings.changed(&state.db).await;
    let data = JobTeamBody { in_charge: Some(in_charge), team: Some(team) };
    Ok(ok("Hiring team updated", JobTeamResponse { data }))
}
