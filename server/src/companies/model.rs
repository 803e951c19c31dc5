use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::jobs::model::company_logo_path;

/// How many people a company says it employs, spelled on the wire and in the database as shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum SizeBand {
    #[serde(rename = "1-10")]
    UpTo10,
    #[serde(rename = "11-50")]
    UpTo50,
    #[serde(rename = "51-200")]
    UpTo200,
    #[serde(rename = "201-500")]
    UpTo500,
    #[serde(rename = "501-1000")]
    UpTo1000,
    #[serde(rename = "1001-5000")]
    UpTo5000,
    #[serde(rename = "5001+")]
    Over5000,
}

impl SizeBand {
    pub const ALL: [Self; 7] =
        [Self::UpTo10, Self::UpTo50, Self::UpTo200, Self::UpTo500, Self::UpTo1000, Self::UpTo5000, Self::Over5000];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::UpTo10 => "1-10",
            Self::UpTo50 => "11-50",
            Self::UpTo200 => "51-200",
            Self::UpTo500 => "201-500",
            Self::UpTo1000 => "501-1000",
            Self::UpTo5000 => "1001-5000",
            Self::Over5000 => "5001+",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|band| band.as_str() == text)
    }
}

/// A company as anyone may see it.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Company {
    #[serde(rename = "_id")]
    pub id: String,
    /// Its page is `/company/{slug}`; the slug never changes.
    pub slug: String,
    pub name: String,
    /// An http or https address, or empty.
    pub website: String,
    pub about: String,
    #[schema(required)]
    pub size_band: Option<SizeBand>,
    pub headquarters: String,
    pub locations: Vec<String>,
    /// An admin verified it: its page shows a badge.
    pub verified: bool,
    /// The path of its logo on the API's server (`/api/v1/company-logos/{id}.png`), a 256-pixel PNG
    /// square; `null` when it has none.
    #[schema(required)]
    pub logo: Option<String>,
}

/// A company as it is stored.
#[derive(Debug, sqlx::FromRow)]
pub struct CompanyRow {
    pub id: String,
    pub slug: String,
    pub name: String,
    pub website: String,
    pub about: String,
    pub size_band: Option<String>,
    pub headquarters: String,
    pub locations: String,
    pub logo_id: Option<String>,
    pub verified: bool,
    /// An admin suspended it: its page and jobs are not shown.
    pub suspended: bool,
    /// Its owners removed it: its page is gone for good.
    pub removed: bool,
}

/// The columns every company query selects, in `CompanyRow`'s shape (`co` is companies).
pub const COMPANY_COLUMNS: &str = "co.id, co.slug, co.name, co.website, co.about, co.size_band, co.headquarters, co.locations, co.logo_id, \
     (co.verified_at IS NOT NULL) AS verified, (co.suspended_at IS NOT NULL) AS suspended, \
     (co.removed_at IS NOT NULL) AS removed";

impl CompanyRow {
    /// The company as shown.
    pub fn shown(self) -> Company {
        Company {
            logo: self.logo_id.as_deref().map(company_logo_path),
            verified: self.verified,
            id: self.id,
            slug: self.slug,
            name: self.name,
            website: self.website,
            about: self.about,
            size_band: self.size_band.as_deref().and_then(SizeBand::parse),
            headquarters: self.headquarters,
            // Written only by this server as a JSON array; an unreadable value shows as none.
            locations: serde_json::from_str(&self.locations).unwrap_or_default(),
        }
    }
}

/// A company's profile as its owner sets it, every field checked.
#[derive(Debug, PartialEq, Eq)]
pub struct Profile {
    pub name: String,
    pub website: String,
    pub about: String,
    pub size_band: Option<SizeBand>,
    pub headquarters: String,
    pub locations: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_bands_read_back_as_written() {
        for band in SizeBand::ALL {
            assert_eq!(SizeBand::parse(band.as_str()), Some(band));
        }
        assert_eq!(SizeBand::parse("10"), None);
    }
}
