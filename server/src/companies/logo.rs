//! Company logos: a PNG, JPEG or WebP upload decoded under limits, cropped to its middle square and
//! stored as a 256-pixel PNG in object storage, served at an address that changes with each upload.

use std::io::Cursor;
use std::sync::{Arc, LazyLock};

use axum::extract::State;
use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use bytes::{Bytes, BytesMut};
use image::{ImageFormat, ImageReader, Limits};
use tokio::sync::Semaphore;

use crate::accounts::session::Recruiter;
use crate::db::new_id;
use crate::http::envelope::{Reply, ok};
use crate::http::error::{ApiResult, AppError, ErrorBody, PathParam};
use crate::state::AppState;

use crate::jobs::Listings;

use super::handlers::{MyCompanyResponse, member_of, owned};
use super::repo;

/// The largest logo file taken.
pub const MAX_LOGO_BYTES: usize = 2 * 1024 * 1024;
/// The widest and highest image decoded.
pub const MAX_LOGO_SIDE: u32 = 6000;
/// The side of the stored square, in pixels.
pub const LOGO_SIDE: u32 = 256;

pub const LOGO_REQUIRED: &str = "Logo is required";
pub const NOT_AN_IMAGE: &str = "The logo must be a PNG, JPEG or WebP image";
pub const UNREADABLE: &str = "The logo could not be read as an image";
pub const LOGO_NOT_FOUND: &str = "Logo not found";

/// Logos decoded at once, each on a blocking thread; one more upload meanwhile is told to retry.
static DECODING: LazyLock<Semaphore> = LazyLock::new(|| Semaphore::new(2));

/// Why an upload is not a logo.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    NotAnImage,
    Unreadable,
    TooLarge,
}

impl From<Refused> for AppError {
    fn from(refused: Refused) -> Self {
        match refused {
            Refused::NotAnImage => AppError::bad_request(NOT_AN_IMAGE),
            Refused::Unreadable => AppError::bad_request(UNREADABLE),
            Refused::TooLarge => AppError::bad_request(format!(
                "The logo must be at most {MAX_LOGO_SIDE} pixels wide and {MAX_LOGO_SIDE} pixels high"
            )),
        }
    }
}

/// The stored logo made from an upload: its middle square at `LOGO_SIDE` pixels, as PNG. Only PNG,
/// JPEG and WebP are read (by their bytes, not their name), within `MAX_LOGO_SIDE` and a bounded
/// allocation.
pub fn square_png(bytes: &[u8]) -> Result<Vec<u8>, Refused> {
    let format = image::guess_format(bytes).map_err(|_| Refused::NotAnImage)?;
    if !matches!(format, ImageFormat::Png | ImageFormat::Jpeg | ImageFormat::WebP) {
        return Err(Refused::NotAnImage);
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_LOGO_SIDE);
    limits.max_image_height = Some(MAX_LOGO_SIDE);
    limits.max_alloc = Some(u64::from(MAX_LOGO_SIDE) * u64::from(MAX_LOGO_SIDE) * 4 + 1024 * 1024);
    reader.limits(limits);
    let image = reader.decode().map_err(|error| match error {
        image::ImageError::Limits(_) => Refused::TooLarge,
        _ => Refused::Unreadable,
    })?;
    let square = image.resize_to_fill(LOGO_SIDE, LOGO_SIDE, image::imageops::FilterType::Lanczos3).into_rgba8();
    let mut png = Vec::new();
    square.write_to(&mut Cursor::new(&mut png), ImageFormat::Png).map_err(|_| Refused::Unreadable)?;
    Ok(png)
}

/// Upload the company's logo (multipart field `logo`), replacing the one it had.
#[utoipa::path(put, path = "/company/logo", tag = "companies", security(("bearer" = ["Recruiter"])),
    request_body(content_type = "multipart/form-data", description = "One file field, `logo`: a PNG, JPEG or WebP image"),
    responses(
        (status = 200, description = "`Logo uploaded`; `company.logo` is its new address", body = MyCompanyResponse),
        (status = 400, description = "No file, not a PNG, JPEG or WebP image, unreadable, or over 6000 pixels a side", body = ErrorBody),
        (status = 403, description = "The caller is not one of its owners", body = ErrorBody),
        (status = 413, description = "Larger than 2 MB", body = ErrorBody),
        (status = 503, description = "Too many logos are being read: try again in a moment", body = ErrorBody),
    ))]
pub async fn upload_logo(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Recruiter(caller): Recruiter,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Reply<MyCompanyResponse>> {
    let company = owned(&state, &caller.id).await?;
    let mut multipart = multipart
        .map_err(|_| AppError::bad_request("Expected a multipart/form-data body with a file field named logo"))?;
    let mut file: Option<Bytes> = None;
    while let Some(mut field) = multipart.next_field().await.map_err(upload_error)? {
        if field.name() != Some("logo") {
            continue;
        }
        let mut buffer = BytesMut::new();
        while let Some(chunk) = field.chunk().await.map_err(upload_error)? {
            if buffer.len() + chunk.len() > MAX_LOGO_BYTES {
                return Err(too_large());
            }
            buffer.extend_from_slice(&chunk);
        }
        file = Some(buffer.freeze());
        break;
    }
    let file = file.filter(|bytes| !bytes.is_empty()).ok_or_else(|| AppError::bad_request(LOGO_REQUIRED))?;
    let permit = DECODING.try_acquire().map_err(|_| AppError::busy())?;
    let png = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        square_png(&file)
    })
    .await
    .map_err(AppError::internal)??;

    let logo_id = new_id();
    let key = format!("logos/{}/{logo_id}.png", company.id);
    state.storage.put(&key, Bytes::from(png)).await.map_err(AppError::internal)?;
    let replaced = match repo::set_logo(&state.db, &company.id, Some((&key, &logo_id))).await {
        Ok(replaced) => replaced,
        Err(error) => {
            remove(&state, &key).await;
            return Err(error.into());
        }
    };
    // The company's jobs show the new logo before the owner is answered.
    listings.changed(&state.db).await;
    if let Some(old) = replaced {
        remove(&state, &old).await;
    }
    let (company, role) = member_of(&state, &caller.id).await?;
    Ok(ok("Logo uploaded", MyCompanyResponse { company: company.shown(), role }))
}

/// Remove the company's logo.
#[utoipa::path(delete, path = "/company/logo", tag = "companies", security(("bearer" = ["Recruiter"])),
    responses(
        (status = 200, description = "`Logo removed`", body = MyCompanyResponse),
        (status = 403, description = "The caller is not one of its owners", body = ErrorBody),
    ))]
pub async fn remove_logo(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Recruiter(caller): Recruiter,
) -> ApiResult<Reply<MyCompanyResponse>> {
    let company = owned(&state, &caller.id).await?;
    let replaced = repo::set_logo(&state.db, &company.id, None).await?;
    listings.changed(&state.db).await;
    if let Some(old) = replaced {
        remove(&state, &old).await;
    }
    let (company, role) = member_of(&state, &caller.id).await?;
    Ok(ok("Logo removed", MyCompanyResponse { company: company.shown(), role }))
}

/// Deletes a stored logo nothing refers to; a failure leaves a file behind, never a broken logo.
async fn remove(state: &AppState, key: &str) {
    if let Err(error) = state.storage.delete(key).await {
        tracing::warn!(%key, %error, "could not remove a logo nothing refers to");
    }
}

fn too_large() -> AppError {
    AppError::PayloadTooLarge("The logo must be at most 2 MB".into())
}

fn upload_error(error: axum::extract::multipart::MultipartError) -> AppError {
    if error.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        too_large()
    } else {
        AppError::bad_request(format!("Invalid upload: {}", error.body_text()))
    }
}

/// A company's logo, at the address its `logo` gives.
#[utoipa::path(get, path = "/company-logos/{file}", tag = "companies",
    params(("file" = String, Path, description = "The logo's id and `.png`")),
    responses(
        (status = 200, description = "The logo, a PNG; cached for good, since a new logo has a new address", content_type = "image/png"),
        (status = 404, description = "`Logo not found`", body = ErrorBody),
    ))]
pub async fn company_logo(State(state): State<AppState>, PathParam(file): PathParam<String>) -> ApiResult<Response> {
    let logo_id = file.strip_suffix(".png").ok_or_else(|| AppError::not_found(LOGO_NOT_FOUND))?;
    let key = repo::logo_key(&state.db, logo_id).await?.ok_or_else(|| AppError::not_found(LOGO_NOT_FOUND))?;
    let bytes = state.storage.get(&key).await.map_err(|error| match error {
        object_store::Error::NotFound { .. } => AppError::not_found(LOGO_NOT_FOUND),
        other => AppError::internal(other),
    })?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, "public, max-age=31536000, immutable"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::CONTENT_SECURITY_POLICY, "default-src 'none'; frame-ancestors 'none'"),
        ],
        bytes,
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use image::{ImageEncoder, RgbImage};

    use super::*;

    fn encoded(width: u32, height: u32, format: ImageFormat) -> Vec<u8> {
        let image =
            RgbImage::from_fn(
                width,
                height,
                |x, _| if x < width / 2 { [200, 0, 0].into() } else { [0, 0, 200].into() },
            );
        let mut bytes = Vec::new();
        image.write_to(&mut Cursor::new(&mut bytes), format).unwrap();
        bytes
    }

    #[test]
    fn a_wide_logo_becomes_its_middle_square_at_256_pixels() {
        for format in [ImageFormat::Png, ImageFormat::Jpeg, ImageFormat::WebP] {
            let png = square_png(&encoded(600, 300, format)).unwrap();
            let stored = image::load_from_memory_with_format(&png, ImageFormat::Png).unwrap().into_rgba8();
            assert_eq!(stored.dimensions(), (256, 256), "{format:?}");
            // The middle square of a red-then-blue image is still red on the left and blue on the right.
            assert!(stored.get_pixel(10, 128)[0] > 150 && stored.get_pixel(245, 128)[2] > 150, "{format:?}");
        }
    }

    #[test]
    fn what_is_not_a_small_enough_image_is_refused_by_name() {
        assert_eq!(square_png(b"%PDF-1.7 not an image"), Err(Refused::NotAnImage));
        assert_eq!(square_png(b"GIF89a\x01\x00\x01\x00\x00\x00\x00;"), Err(Refused::NotAnImage));
        let mut cut = encoded(300, 300, ImageFormat::Png);
        cut.truncate(60);
        assert_eq!(square_png(&cut), Err(Refused::Unreadable));
        // A PNG header that claims 7000 x 10 pixels is refused before any pixel is read.
        let mut header = Vec::new();
        image::codecs::png::PngEncoder::new(&mut header)
            .write_image(&vec![0; 7000 * 10 * 3], 7000, 10, image::ExtendedColorType::Rgb8)
            .unwrap();
        assert_eq!(square_png(&header), Err(Refused::TooLarge));
    }
}
