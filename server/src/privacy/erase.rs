//! "Delete my account": the owner, with their password, removes the account and everything that
//! names it (docs/rules.md#your-data).

use std::sync::Arc;

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::accounts::handlers::{confirm_password, password_field};
use crate::accounts::session::{self, AuthUser};
use crate::http::client::ClientAddr;
use crate::http::envelope::{Ack, Reply, ack};
use crate::http::error::{ApiResult, AppError, ErrorBody, JsonBody};
use crate::jobs::Listings;
use crate::state::AppState;

use super::repo::{self, Erased};

pub const DELETED: &str = "Your account has been deleted";
pub const LAST_ADMIN: &str = "You are the only Admin: make another Admin before deleting this account";
pub const LAST_OWNER: &str = "You are your company's only owner: make another member an owner, or remove the others, before deleting this account";

#[derive(Deserialize, ToSchema)]
pub struct DeleteAccountRequest {
    /// The account's current password.
    pub password: Option<String>,
}

/// Delete the caller's account for good, with its password: the account, profile and resume,
/// sessions, saved jobs and searches, notifications, their messages and every e-mail naming them;
/// their applications stay on the recruiters' records as "Deleted candidate" (stage and dates, no
/// name, address, statement, answers or resume; one still in the process is withdrawn and its planned
/// interviews cancelled with the recruiter told), and each recruiter is told in the bell. A
/// recruiter alone in their company takes its jobs with them, with the applications to them (their
/// applicants are told in the bell); one of a team leaves the company's jobs to it, in an owner's
/// charge, and their notes, moves and messages there under "Former member". The audit log keeps
/// the admin actions, naming nobody. The last Admin cannot delete itself, nor a company's only
/// owner while it has other members.
#[utoipa::path(post, path = "/auth/account/delete", tag = "accounts", request_body = DeleteAccountRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`Your account has been deleted`; the token no longer works", body = Ack),
        (status = 400, description = "No password", body = ErrorBody),
        (status = 401, description = "No valid token, or the password is wrong", body = ErrorBody),
        (status = 409, description = "The caller is the only Admin who can sign in, or the only owner of a company with other members", body = ErrorBody),
        (status = 503, description = "Too many passwords being hashed at once, in all or from this client; see Retry-After", body = ErrorBody),
    ))]
pub async fn delete_account(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    ClientAddr(client): ClientAddr,
    caller: AuthUser,
    JsonBody(request): JsonBody<DeleteAccountRequest>,
) -> ApiResult<Reply<Ack>> {
    let user = confirm_password(&state, client, &caller, password_field(&request.password)?).await?;
    match repo::erase(&state.db, &caller.id).await? {
        Erased::Done { resume_key, logo_key, told } => {
            // The rows are gone already; a file that cannot be deleted now is logged by its
            // generated key (it names nobody) for the operator to remove.
            for key in resume_key.iter().chain(&logo_key) {
                if let Err(error) = state.storage.delete(key).await {
                    tracing::error!(%error, key, "could not delete a deleted account's file");
                }
            }
            if let Some(dir) = state.outbox.files_dir() {
                let name = format!("{} {}", user.first_name, user.last_name);
                crate::ops::retention::delete_files_naming(dir, &user.email.to_lowercase(), &name);
            }
            // Their withdrawn applications' planned interviews are cancelled now, with the
            // recruiter told.
            state.applications_closed.notify_one();
            state.outbox.notify();
            // A recruiter's jobs left the index, or an applicant's places were given back (on
            // jobs this instance forgets all at once: a deletion is rare).
            listings.cache.forget_all();
            listings.changed(&state.db).await;
            // The account's own open streams end; the applicants told see their bell.
            state.notifications.wake(&caller.id);
            for applicant in &told {
                state.notifications.wake(applicant);
            }
            tracing::info!("an account was deleted by its owner");
            Ok(ack(DELETED))
        }
        Erased::NotFound => Err(AppError::unauthorized(session::TOKEN_INVALID)),
        Erased::LastAdmin => Err(AppError::Conflict(LAST_ADMIN.into())),
        Erased::LastOwner => Err(AppError::Conflict(LAST_OWNER.into())),
    }
}
