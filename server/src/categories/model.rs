use serde::Serialize;
use utoipa::ToSchema;

use crate::jobs::model::Job;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema, sqlx::FromRow)]
pub struct Category {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub description: String,
}

/// A category with its open listings, as the category page shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryPage {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub description: String,
    pub jobs: Vec<Job>,
}

/// The eleven job areas of the landing page, seeded when the category table is empty.
pub const LANDING_CATEGORIES: [(&str, &str); 11] = [
    ("Engineering", "Design, build and maintain the systems, machines and software that run the world."),
    ("Finance", "Plan, analyse and manage money for companies, funds and the people they serve."),
    ("Sales", "Find customers, understand their needs and close the deals that grow a business."),
    ("Information Technology", "Keep networks, servers, devices and business applications running and secure."),
    ("Marketing", "Shape how products are seen, from brand and content to campaigns and market research."),
    ("Customer Support", "Help customers solve problems and get the most from the products they use."),
    ("Human Resource", "Hire, develop and look after the people who make an organisation work."),
    ("Business Development", "Open new markets, partnerships and opportunities for a company to grow."),
    ("Accounting", "Record, report and audit the financial facts that every business depends on."),
    ("Research", "Investigate questions with rigour, in laboratories, universities and industry."),
    ("Consulting", "Advise organisations on strategy, operations and change as an outside expert."),
];
