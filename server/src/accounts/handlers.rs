use std::time::Duration;

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::db::now_millis;
use crate::http::client::ClientAddr;
use crate::http::envelope::{Ack, Reply, ack, ok};
use crate::http::error::{ApiResult, AppError, Constraint, ErrorBody, JsonBody, ResultExt};
use crate::state::AppState;

use super::emails;
use super::model::{AccountType, Email, NewPassword, User};
use super::repo::{self, Room};
use super::session::{self, AuthUser};
use crate::secrets::{self, digest, keyed_digest, random_hex, six_digit_code};

/// The window of the per-address limits (signup codes, reset e-mails).
const MAX_WRONG_CODES: i64 = 5;

pub const ALL_FIELDS_REQUIRED: &str = "All fields are required";
pub const PASSWORDS_DO_NOT_MATCH: &str = "Passwords Do Not Match";
pub const INVALID_CODE: &str = "The OTP is invalid or has expired";
pub const TOO_MANY_WRONG_CODES: &str = "Too many wrong OTP attempts. Please request a new OTP";
pub const USER_EXISTS: &str = "User already exists. Please log in";
pub const BAD_CREDENTIALS: &str = "Incorrect email or password";
pub const TOO_MANY_LOGINS: &str = "Too many failed login attempts. Please try again later";
pub const TOO_MANY_CODES: &str = "Too many requests. Please try again later";
pub const INVALID_RESET: &str = "The reset link is invalid or has expired";
pub const WRONG_PASSWORD: &str = "The password is incorrect";

/// A text field that must be present and not blank.
fn required(value: &Option<String>) -> Result<&str, AppError> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|text| !text.is_empty())
        .ok_or_else(|| AppError::bad_request(ALL_FIELDS_REQUIRED))
}

/// A password field: present and not empty (kept as typed, spaces included).
pub fn password_field(value: &Option<String>) -> Result<&str, AppError> {
    value.as_deref().filter(|text| !text.is_empty()).ok_or_else(|| AppError::bad_request(ALL_FIELDS_REQUIRED))
}

/// The caller's account, once `password` is shown to be its password (401 `WRONG_PASSWORD` if not):
/// what changing the password and deleting the account both ask first.
pub async fn confirm_password(
    state: &AppState,
    client: std::net::IpAddr,
    caller: &AuthUser,
    password: &str,
) -> Result<super::model::UserRow, AppError> {
    let user =
        repo::find(&state.db, &caller.id).await?.ok_or_else(|| AppError::unauthorized(session::TOKEN_INVALID))?;
    if !state.hasher.verify(client, password, Some(&user.password_hash)).await? {
        return Err(AppError::unauthorized(WRONG_PASSWORD));
    }
    Ok(user)
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SendOtpRequest {
    pub email: Option<String>,
    /// Accepted for compatibility; the response never says whether the address has an account.
    pub check_user_present: Option<serde_json::Value>,
}

/// Request a signup code by e-mail.
///
/// The same 200 answers a new address and one that already has an account (which is e-mailed that
/// it has one instead of a code). At most 5 codes per address per hour, and a per-client limit.
#[utoipa::path(post, path = "/auth/sendotp", tag = "accounts", request_body = SendOtpRequest,
    responses(
        (status = 200, description = "The code is on its way", body = Ack),
        (status = 400, description = "The address is missing or malformed", body = ErrorBody),
        (status = 429, description = "Too many codes for this address or client", body = ErrorBody),
    ))]
pub async fn send_otp(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    JsonBody(request): JsonBody<SendOtpRequest>,
) -> ApiResult<Reply<Ack>> {
    let email = Email::parse(required(&request.email).map_err(|_| AppError::bad_request("Email is required"))?)?;
    let client_key = client.to_string();
    state.limits.code_requests.acquire(&client_key).await?.map_err(|wait| AppError::too_many(TOO_MANY_CODES, wait))?;

    let existing = repo::find_by_email(&state.db, &email).await?;
    let code = six_digit_code();
    // An existing account gets no usable code: the stored digest is of a code nobody is sent.
    let digested = if existing.is_some() { random_hex(16) } else { code.clone() };
    let code_hash = keyed_digest(&state.keys.digest_key, &digested);
    let mail = match existing {
        Some(_) => emails::account_exists(email.as_str(), &state.config.api_public_url),
        None => emails::signup_code(email.as_str(), &code),
    };
    let per_address = state.config.limits.codes_per_address_per_hour;
    let code = repo::NewCode { email: &email, code_hash: &code_hash, lifetime_millis: emails::CODE_LIFETIME_MILLIS };
    if let Room::Full { retry_after_secs } = repo::store_signup_code(&state.db, &code, per_address, &mail).await? {
        return Err(AppError::too_many(TOO_MANY_CODES, retry_after_secs));
    }
    state.outbox.notify();
    Ok(ack("OTP Sent Successfully"))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignupRequest {
    pub account_type: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub password: Option<String>,
    pub confirm_password: Option<String>,
    pub otp: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct SignupResponse {
    /// A session for the new account (as login gives), so signing up needs no second login.
    pub token: String,
    pub user: User,
}

/// Sign up with the e-mailed code.
#[utoipa::path(post, path = "/auth/signup", tag = "accounts", request_body = SignupRequest,
    responses(
        (status = 200, description = "The account exists now, and `token` is a session for it", body = SignupResponse),
        (status = 400, description = "A field is missing or wrong, or the code is invalid, expired or used up", body = ErrorBody),
        (status = 409, description = "The address already has an account", body = ErrorBody),
        (status = 503, description = "Too many passwords being hashed at once, in all or from this client; see Retry-After", body = ErrorBody),
    ))]
pub async fn signup(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    JsonBody(request): JsonBody<SignupRequest>,
) -> ApiResult<Reply<SignupResponse>> {
    let account_type = required(&request.account_type)?;
    let first_name = required(&request.first_name)?;
    let last_name = required(&request.last_name)?;
    let email = required(&request.email)?;
    let password = password_field(&request.password)?;
    let confirm = password_field(&request.confirm_password)?;
    let otp = required(&request.otp)?;
    if password != confirm {
        return Err(AppError::bad_request(PASSWORDS_DO_NOT_MATCH));
    }
    let password = NewPassword::parse(password)?;
    let account_type = match AccountType::parse(account_type) {
        Some(kind @ (AccountType::Applicant | AccountType::Recruiter)) => kind,
        _ => return Err(AppError::bad_request("Account type must be Applicant or Recruiter")),
    };
    let email = Email::parse(email)?;

    let code_hash = keyed_digest(&state.keys.digest_key, otp);
    let now = now_millis();
    // Every check of a code spends one of its attempts first, so a burst of guesses sent at the
    // same instant gets no more tries than guesses sent one by one.
    let Some((stored_hash, expires_at)) = repo::spend_code_attempt(&state.db, &email, MAX_WRONG_CODES).await? else {
        let exists = repo::has_signup_code(&state.db, &email).await?;
        return Err(AppError::bad_request(if exists { TOO_MANY_WRONG_CODES } else { INVALID_CODE }));
    };
    if expires_at <= now || stored_hash != code_hash {
        return Err(AppError::bad_request(INVALID_CODE));
    }

    let password_hash = state.hasher.hash(client, password.as_str()).await?;
    let new_user = repo::NewUser { first_name, last_name, email: &email, password_hash: &password_hash, account_type };
    let user = repo::create_account(&state.db, &code_hash, &new_user)
        .await
        .on_constraint(Constraint::UserEmail, || AppError::Conflict(USER_EXISTS.into()))?
        .ok_or_else(|| AppError::bad_request(INVALID_CODE))?;
    let token = session::open(&state.db, &state.keys, &user.id, &user.email, user.account_type).await?;
    Ok(ok(
        "User registered successfully",
        SignupResponse { token, user: User::from_row(user, None, &state.config.api_public_url) },
    ))
}

#[derive(Deserialize, ToSchema)]
pub struct LoginRequest {
    pub email: Option<String>,
    pub password: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct LoginResponse {
    pub token: String,
    pub user: User,
}

/// Log in. An unknown address and a wrong password get the same 401, in about the same time.
#[utoipa::path(post, path = "/auth/login", tag = "accounts", request_body = LoginRequest,
    responses(
        (status = 200, description = "Logged in; `token` is the new JWT", body = LoginResponse),
        (status = 400, description = "A field is missing", body = ErrorBody),
        (status = 401, description = "Unknown address or wrong password", body = ErrorBody),
        (status = 403, description = "`This account has been suspended` (by an admin; told only with the right password)", body = ErrorBody),
        (status = 429, description = "Too many failures for this address from this client; see Retry-After", body = ErrorBody),
        (status = 503, description = "Too many passwords being checked at once, in all or from this client; see Retry-After", body = ErrorBody),
    ))]
pub async fn login(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    JsonBody(request): JsonBody<LoginRequest>,
) -> ApiResult<Reply<LoginResponse>> {
    let email = required(&request.email)?;
    let password = password_field(&request.password)?;
    let throttle_key = format!("{}|{}", email.trim().to_lowercase(), client);
    // The attempt counts as a failure from the start; a right password clears the count. Taking
    // the slot before the hash is what holds the limit when a burst arrives at the same instant.
    let limits = &state.limits;
    limits.login_failures.acquire(&throttle_key).await?.map_err(|wait| AppError::too_many(TOO_MANY_LOGINS, wait))?;

    // The account, if the password is its own; unknown addresses spend a decoy hash.
    let checked = async {
        let user = match Email::parse(email) {
            Ok(email) => repo::find_by_email(&state.db, &email).await?,
            Err(_) => None,
        };
        let hash = user.as_ref().map(|user| user.password_hash.clone());
        let matches = state.hasher.verify(client, password, hash.as_deref()).await?;
        Ok::<_, AppError>(user.filter(|_| matches))
    };
    let user = match checked.await {
        Ok(Some(user)) => user,
        Ok(None) => return Err(AppError::unauthorized(BAD_CREDENTIALS)),
        Err(error) => {
            // Not checked at all (busy, or the database is down): not the person's failure.
            limits.login_failures.refund(&throttle_key).await?;
            return Err(error);
        }
    };
    limits.login_failures.clear(&throttle_key).await?;
    // Told only to whoever knows the password, so it says nothing of the account to anyone else.
    if repo::is_suspended(&state.db, &user.id).await? {
        return Err(AppError::forbidden(session::SUSPENDED));
    }
    let token = session::open(&state.db, &state.keys, &user.id, &user.email, user.account_type).await?;
    Ok(ok(
        "Logged in successfully",
        LoginResponse { token: token.clone(), user: User::from_row(user, Some(token), &state.config.api_public_url) },
    ))
}

/// Log out: this token is refused from now on.
#[utoipa::path(post, path = "/auth/logout", tag = "accounts", security(("bearer" = [])),
    responses(
        (status = 200, description = "Logged out", body = Ack),
    ))]
pub async fn logout(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Reply<Ack>> {
    repo::end_session(&state.db, &caller.jti).await?;
    // Its open notification streams look again, and end.
    state.notifications.wake(&caller.id);
    Ok(ack("Logged out successfully"))
}

#[derive(Deserialize, ToSchema)]
pub struct ResetTokenRequest {
    pub email: Option<String>,
}

pub const RESET_SENT: &str = "If an account exists for this email, a password reset link has been sent to it";

/// Request a password-reset e-mail. Always 200 for a well-formed address.
#[utoipa::path(post, path = "/auth/reset-password-token", tag = "accounts", request_body = ResetTokenRequest,
    responses(
        (status = 200, description = "A link was sent if the address has an account", body = Ack),
        (status = 400, description = "The address is missing or malformed", body = ErrorBody),
        (status = 429, description = "Too many requests from this client", body = ErrorBody),
        (status = 503, description = "Too many reset requests being handled at once; see Retry-After", body = ErrorBody),
    ))]
pub async fn reset_password_token(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    JsonBody(request): JsonBody<ResetTokenRequest>,
) -> ApiResult<Reply<Ack>> {
    let email = Email::parse(required(&request.email).map_err(|_| AppError::bad_request("Email is required"))?)?;
    let client_key = format!("reset|{}", client);
    state.limits.code_requests.acquire(&client_key).await?.map_err(|wait| AppError::too_many(TOO_MANY_CODES, wait))?;
    // The answer must not tell whether the address has an account, not even by its timing: the
    // look-up and the mail happen after it, in a bounded number of background tasks.
    let Ok(slot) = state.background.clone().try_acquire_owned() else {
        state.limits.code_requests.refund(&client_key).await?;
        return Err(AppError::busy());
    };
    let state = state.clone();
    tokio::spawn(async move {
        let _slot = slot;
        // Started at a random moment well after the answer, so the extra work an account costs
        // (a token, an e-mail) lands on no particular later request either.
        tokio::time::sleep(Duration::from_millis(100 + secrets::random_below(400))).await;
        if let Err(error) = send_reset_link(&state, &email).await {
            tracing::warn!(%error, "could not send a password reset link");
        }
    });
    Ok(ack(RESET_SENT))
}

/// Mails a reset link when `email` has an account and has had fewer than the hourly number of
/// links (`RESET_ADDRESS_LIMIT`, counted per address whoever asks, so nobody can bomb a mailbox
/// from many clients).
async fn send_reset_link(state: &AppState, email: &Email) -> Result<(), AppError> {
    let Some(user) = repo::find_by_email(&state.db, email).await? else { return Ok(()) };
    // 256 bits of randomness; only its digest is stored.
    let token = random_hex(32);
    let link = format!("{}/update-password/{token}", state.config.public_url);
    let mail = emails::password_reset(&user.email, &link);
    let per_address = state.config.limits.resets_per_address_per_hour;
    let reset = repo::NewReset {
        email,
        user_id: &user.id,
        token_hash: &digest(&token),
        lifetime_millis: emails::RESET_LIFETIME_MILLIS,
    };
    if !repo::store_reset_token(&state.db, &reset, per_address, &mail).await? {
        tracing::info!("a password reset link was not sent: this address had its hourly number");
        return Ok(());
    }
    state.outbox.notify();
    Ok(())
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetPasswordRequest {
    pub password: Option<String>,
    pub confirm_password: Option<String>,
    pub token: Option<String>,
}

/// Choose a new password with the e-mailed token. Every earlier session of the account ends.
#[utoipa::path(post, path = "/auth/reset-password", tag = "accounts", request_body = ResetPasswordRequest,
    responses(
        (status = 200, description = "The password is changed", body = Ack),
        (status = 400, description = "A field is missing, the passwords differ, or the token is invalid, used or expired", body = ErrorBody),
        (status = 503, description = "Too many passwords being hashed at once, in all or from this client; see Retry-After", body = ErrorBody),
    ))]
pub async fn reset_password(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    JsonBody(request): JsonBody<ResetPasswordRequest>,
) -> ApiResult<Reply<Ack>> {
    let password = password_field(&request.password)?;
    let confirm = password_field(&request.confirm_password)?;
    let token = required(&request.token)?;
    if password != confirm {
        return Err(AppError::bad_request(PASSWORDS_DO_NOT_MATCH));
    }
    let password = NewPassword::parse(password)?;
    let token_hash = digest(token);
    let user_id =
        repo::reset_token_owner(&state.db, &token_hash).await?.ok_or_else(|| AppError::bad_request(INVALID_RESET))?;
    let user = repo::find(&state.db, &user_id).await?.ok_or_else(|| AppError::bad_request(INVALID_RESET))?;
    let password_hash = state.hasher.hash(client, password.as_str()).await?;
    let mail = emails::password_changed(&user.email, &user.first_name, &state.config.api_public_url);
    if !repo::reset_password(&state.db, &token_hash, &user.id, &password_hash, &mail).await? {
        return Err(AppError::bad_request(INVALID_RESET));
    }
    state.outbox.notify();
    state.notifications.wake(&user.id);
    Ok(ack("Password reset successfully"))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangePasswordRequest {
    pub old_password: Option<String>,
    pub new_password: Option<String>,
}

/// Change the password. Other sessions end; the caller's token keeps working.
#[utoipa::path(post, path = "/auth/changepassword", tag = "accounts", request_body = ChangePasswordRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The password is changed", body = Ack),
        (status = 400, description = "A field is missing or the new password is too short or long", body = ErrorBody),
        (status = 401, description = "No valid token, or the current password is wrong", body = ErrorBody),
        (status = 503, description = "Too many passwords being hashed at once, in all or from this client; see Retry-After", body = ErrorBody),
    ))]
pub async fn change_password(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    caller: AuthUser,
    JsonBody(request): JsonBody<ChangePasswordRequest>,
) -> ApiResult<Reply<Ack>> {
    let old_password = password_field(&request.old_password)?;
    let new_password = NewPassword::parse(password_field(&request.new_password)?)?;
    let user = confirm_password(&state, client, &caller, old_password).await?;
    let password_hash = state.hasher.hash(client, new_password.as_str()).await?;
    let mail = emails::password_changed(&user.email, &user.first_name, &state.config.api_public_url);
    repo::change_password(&state.db, &user.id, &caller.jti, &password_hash, &mail).await?;
    state.outbox.notify();
    state.notifications.wake(&user.id);
    Ok(ack("Password updated successfully"))
}

#[derive(Serialize, ToSchema)]
pub struct UserDetailsResponse {
    pub data: User,
}

/// The caller's own user object, with `token` set to the caller's token.
#[utoipa::path(get, path = "/auth/userDetails", tag = "accounts", security(("bearer" = []), ("apiToken" = [])),
    responses(
        (status = 200, description = "The caller", body = UserDetailsResponse),
    ))]
pub async fn user_details(State(state): State<AppState>, caller: AuthUser) -> ApiResult<Reply<UserDetailsResponse>> {
    let user =
        repo::find(&state.db, &caller.id).await?.ok_or_else(|| AppError::unauthorized(session::TOKEN_INVALID))?;
    Ok(ok(
        "User details fetched successfully",
        UserDetailsResponse { data: User::from_row(user, caller.token, &state.config.api_public_url) },
    ))
}
