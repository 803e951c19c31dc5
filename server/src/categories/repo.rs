use crate::audit::{self, Action, Entry};
use crate::db::BeginWrite;
use crate::db::{Db, new_id, now_millis};
use crate::dispatch;

use super::model::{Category, LANDING_CATEGORIES};

/// The categories anyone may see (not hidden by an admin), in the order they were made.
#[tracing::instrument(skip_all)]
pub async fn list(db: &Db) -> Result<Vec<Category>, sqlx::Error> {
    const SQL: &str = "SELECT id, name, description FROM categories WHERE hidden_at IS NULL ORDER BY created_at, id";
    dispatch!(db, |pool| sqlx::query_as::<_, Category>(SQL).fetch_all(pool).await)
}

/// A category anyone may see.
#[tracing::instrument(skip_all)]
pub async fn find(db: &Db, id: &str) -> Result<Option<Category>, sqlx::Error> {
    const SQL: &str = "SELECT id, name, description FROM categories WHERE id = $1 AND hidden_at IS NULL";
    dispatch!(db, |pool| sqlx::query_as::<_, Category>(SQL).bind(id).fetch_optional(pool).await)
}

/// Makes a category, recorded in the audit log as the admin's action.
#[tracing::instrument(skip_all)]
pub async fn insert(db: &Db, name: &str, description: &str, admin_id: &str) -> Result<Category, sqlx::Error> {
    const SQL: &str = "INSERT INTO categories (id, name, description, created_at) VALUES ($1, $2, $3, $4) \
                       RETURNING id, name, description";
    let id = new_id();
    let now = now_millis();
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let category = sqlx::query_as::<_, Category>(SQL)
            .bind(&id)
            .bind(name)
            .bind(description)
            .bind(now)
            .fetch_one(&mut *tx)
            .await?;
        let entry = Entry {
            admin_id,
            action: Action::CategoryCreate,
            target_id: &category.id,
            target_label: &category.name,
            reason: None,
        };
        audit::repo::record(&mut *tx, &entry).await?;
        tx.commit().await?;
        Ok(category)
    })
}

/// Seeds the landing categories when there are none, in their landing-page order. Runs in one
/// transaction so two servers starting together cannot both seed.
#[tracing::instrument(skip_all)]
pub async fn seed_when_empty(db: &Db) -> Result<bool, sqlx::Error> {
    const COUNT: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM categories";
    const INSERT: &str = "INSERT INTO categories (id, name, description, created_at) VALUES ($1, $2, $3, $4) \
                          ON CONFLICT DO NOTHING";
    let base = now_millis();
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let (count,): (i64,) = sqlx::query_as(COUNT).fetch_one(&mut *tx).await?;
        if count > 0 {
            return Ok(false);
        }
        for (position, (name, description)) in LANDING_CATEGORIES.iter().enumerate() {
            sqlx::query(INSERT)
                .bind(new_id())
                .bind(name)
                .bind(description)
                .bind(base + position as i64)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(true)
    })
}
