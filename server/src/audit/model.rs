//! What an admin did, and one action to record.

use serde::Serialize;
use utoipa::ToSchema;

/// What an admin did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub enum Action {
    #[serde(rename = "category.create")]
    CategoryCreate,
    #[serde(rename = "category.update")]
    CategoryUpdate,
    #[serde(rename = "category.hide")]
    CategoryHide,
    #[serde(rename = "category.unhide")]
    CategoryUnhide,
    #[serde(rename = "category.delete")]
    CategoryDelete,
    #[serde(rename = "job.hide")]
    JobHide,
    #[serde(rename = "job.unhide")]
    JobUnhide,
    #[serde(rename = "account.suspend")]
    AccountSuspend,
    #[serde(rename = "account.reinstate")]
    AccountReinstate,
    #[serde(rename = "company.rename")]
    CompanyRename,
    #[serde(rename = "company.verify")]
    CompanyVerify,
    #[serde(rename = "company.unverify")]
    CompanyUnverify,
    #[serde(rename = "company.suspend")]
    CompanySuspend,
    #[serde(rename = "company.reinstate")]
    CompanyReinstate,
}

impl Action {
    pub const ALL: [Self; 14] = [
        Self::CategoryCreate,
        Self::CategoryUpdate,
        Self::CategoryHide,
        Self::CategoryUnhide,
        Self::CategoryDelete,
        Self::JobHide,
        Self::JobUnhide,
        Self::AccountSuspend,
        Self::AccountReinstate,
        Self::CompanyRename,
        Self::CompanyVerify,
        Self::CompanyUnverify,
        Self::CompanySuspend,
        Self::CompanyReinstate,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::CategoryCreate => "category.create",
            Self::CategoryUpdate => "category.update",
            Self::CategoryHide => "category.hide",
            Self::CategoryUnhide => "category.unhide",
            Self::CategoryDelete => "category.delete",
            Self::JobHide => "job.hide",
            Self::JobUnhide => "job.unhide",
            Self::AccountSuspend => "account.suspend",
            Self::AccountReinstate => "account.reinstate",
            Self::CompanyRename => "company.rename",
            Self::CompanyVerify => "company.verify",
            Self::CompanyUnverify => "company.unverify",
            Self::CompanySuspend => "company.suspend",
            Self::CompanyReinstate => "company.reinstate",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|action| action.as_str() == text)
    }

    /// The kind of object it acts on: `category`, `job`, `account` or `company`.
    pub fn target_type(self) -> &'static str {
        self.as_str().split_once('.').map_or("", |(target, _)| target)
    }
}

crate::text_column!(Action);

/// One action to record.
pub struct Entry<'a> {
    pub admin_id: &'a str,
    pub action: Action,
    pub target_id: &'a str,
    /// The category's name, the job's title, the account's e-mail or the company's name as it is now.
    pub target_label: &'a str,
    pub reason: Option<&'a str>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_is_spelled_as_its_target_then_its_verb_and_reads_back() {
        for action in Action::ALL {
            assert_eq!(Action::parse(action.as_str()), Some(action));
            assert_eq!(serde_json::to_value(action).unwrap(), action.as_str());
            assert!(["category", "job", "account", "company"].contains(&action.target_type()), "{action:?}");
        }
        assert_eq!(Action::JobHide.target_type(), "job");
        assert_eq!(Action::parse("job.delete"), None);
    }
}
