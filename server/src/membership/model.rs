//! Who belongs to which company, and as what.

use serde::Serialize;
use utoipa::ToSchema;

/// What a member may do in their company (docs/rules.md#companies).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Role {
    /// The company's profile and team, and everything a recruiter may do.
    Owner,
    /// Posts, edits and closes the company's jobs and works every job's pipeline.
    Recruiter,
    /// Works the pipeline of the jobs they are assigned to, and nothing else.
    HiringManager,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Owner => "owner",
            Self::Recruiter => "recruiter",
            Self::HiringManager => "hiring_manager",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [Self::Owner, Self::Recruiter, Self::HiringManager].into_iter().find(|role| role.as_str() == text)
    }
}

crate::text_column!(Role);

/// The longest slug made from a name, before a number that tells it apart.
const SLUG_MAX: usize = 60;

/// The slug a name suggests: lower-case ASCII letters and digits, words joined by hyphens
/// ("Acme Corp." is `acme-corp`); letters with accents lose them where a plain letter is their
/// base; `company` when nothing is left.
pub fn slug_of(name: &str) -> String {
    let mut slug = String::with_capacity(name.len().min(SLUG_MAX));
    let mut gap = false;
    for c in name.chars().flat_map(plain) {
        if c.is_ascii_alphanumeric() {
            let hyphen = gap && !slug.is_empty();
            if slug.len() + usize::from(hyphen) + 1 > SLUG_MAX {
                break;
            }
            if hyphen {
                slug.push('-');
            }
            gap = false;
            slug.push(c.to_ascii_lowercase());
        } else {
            gap = true;
        }
    }
    if slug.is_empty() { "company".into() } else { slug }
}

/// A Latin letter with a diacritic as its plain letter (é is e, ß is ss); anything else as it is.
fn plain(c: char) -> impl Iterator<Item = char> {
    let base: &str = match c {
        'à'..='å' | 'ā' | 'ă' | 'ą' => "a",
        'À'..='Å' | 'Ā' | 'Ă' | 'Ą' => "A",
        'æ' => "ae",
        'Æ' => "AE",
        'ç' | 'ć' | 'č' => "c",
        'Ç' | 'Ć' | 'Č' => "C",
        'è'..='ë' | 'ē' | 'ę' | 'ě' => "e",
        'È'..='Ë' | 'Ē' | 'Ę' | 'Ě' => "E",
        'ì'..='ï' | 'ī' => "i",
        'Ì'..='Ï' | 'Ī' => "I",
        'ñ' | 'ń' | 'ň' => "n",
        'Ñ' | 'Ń' | 'Ň' => "N",
        'ò'..='ö' | 'ø' | 'ō' | 'ő' => "o",
        'Ò'..='Ö' | 'Ø' | 'Ō' | 'Ő' => "O",
        'ù'..='ü' | 'ū' | 'ů' | 'ű' => "u",
        'Ù'..='Ü' | 'Ū' | 'Ů' | 'Ű' => "U",
        'ý' | 'ÿ' => "y",
        'Ý' => "Y",
        'ß' => "ss",
        'ł' => "l",
        'Ł' => "L",
        'ś' | 'š' => "s",
        'Ś' | 'Š' => "S",
        'ź' | 'ż' | 'ž' => "z",
        'Ź' | 'Ż' | 'Ž' => "Z",
        'ř' => "r",
        'Ř' => "R",
        _ => "",
    };
    let mut single = Some(c).filter(|_| base.is_empty());
    let mut letters = base.chars();
    std::iter::from_fn(move || single.take().or_else(|| letters.next()))
}

/// SQL that is true when the user `$user` (a placeholder) works the pipeline of the job whose id
/// is `$job` (an expression): a member of the job's company who is an owner or a recruiter, or a
/// hiring manager on the job's hiring team. The one definition of who may see and move a job's
/// applications (docs/rules.md#teams).
macro_rules! works_on {
    ($job:literal, $user:literal) => {
        concat!(
            "EXISTS (SELECT 1 FROM jobs wj JOIN company_members wm ON wm.company_id = wj.company_id WHERE wj.id = ",
            $job,
            " AND wm.user_id = ",
            $user,
            " AND (wm.role <> 'hiring_manager' OR EXISTS (SELECT 1 FROM job_team wt WHERE wt.job_id = wj.id \
             AND wt.user_id = wm.user_id)))"
        )
    };
}

/// SQL that is true when the user `$user` manages the job whose id is `$job`: an owner or a
/// recruiter of its company, who may edit, close, reopen and delete it and choose its team.
macro_rules! manages {
    ($job:literal, $user:literal) => {
        concat!(
            "EXISTS (SELECT 1 FROM jobs wj JOIN company_members wm ON wm.company_id = wj.company_id WHERE wj.id = ",
            $job,
            " AND wm.user_id = ",
            $user,
            " AND wm.role IN ('owner', 'recruiter'))"
        )
    };
}

/// SQL for the ids of every job the user `$user` works the pipeline of (as `works_on!`), for a
/// list across their jobs.
macro_rules! jobs_worked_by {
    ($user:literal) => {
        concat!(
            "SELECT wj.id FROM company_members wm JOIN jobs wj ON wj.company_id = wm.company_id WHERE wm.user_id = ",
            $user,
            " AND (wm.role <> 'hiring_manager' OR EXISTS (SELECT 1 FROM job_team wt WHERE wt.job_id = wj.id \
             AND wt.user_id = wm.user_id))"
        )
    };
}

pub(crate) use {jobs_worked_by, manages, works_on};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slug_is_the_name_in_plain_lower_case_words() {
        assert_eq!(slug_of("Acme Corp."), "acme-corp");
        assert_eq!(slug_of("  Zoë's Café & Bar  "), "zoe-s-cafe-bar");
        assert_eq!(slug_of("Straße 42"), "strasse-42");
        assert_eq!(slug_of("株式会社"), "company");
        assert_eq!(slug_of("---"), "company");
        assert_eq!(slug_of(&"a".repeat(100)).len(), 60);
        assert_eq!(slug_of(&format!("{} b", "a".repeat(59))), "a".repeat(59));
    }

    #[test]
    fn roles_read_back_as_written() {
        for role in [Role::Owner, Role::Recruiter, Role::HiringManager] {
            assert_eq!(Role::parse(role.as_str()), Some(role));
        }
        assert_eq!(serde_json::to_value(Role::HiringManager).unwrap(), "hiringManager");
    }
}
