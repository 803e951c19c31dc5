//! A job's screening questions and an application's answers to them (docs/rules.md#screening):
//! what a job may ask, what an answer must be, and whether it meets what the recruiter wanted.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::http::error::AppError;

/// The most questions a job asks.
pub const MAX_QUESTIONS: usize = 10;
/// The longest question, in characters.
pub const MAX_QUESTION_CHARS: usize = 300;
/// The most choices a choice question offers, and the longest choice.
pub const MAX_CHOICES: usize = 20;
pub const MAX_CHOICE_CHARS: usize = 100;
/// The longest short text answer, in characters.
pub const MAX_TEXT_ANSWER: usize = 500;
/// The largest number a number question takes, either way.
pub const MAX_NUMBER: f64 = 1_000_000_000.0;

/// What a question takes for an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum QuestionKind {
    /// `true` or `false`.
    YesNo,
    /// A number (years of experience, notice period in days).
    Number,
    /// One of `choices`.
    Choice,
    /// A short text, at most 500 characters.
    Text,
}

/// What the recruiter wants of an answer: a requirement, which an answer meets or not. A yes/no
/// question wants `yes` (true or false); a number question `min` and/or `max`; a choice question
/// one of `choices`. A text question wants nothing.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Wanted {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub yes: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<String>,
}

/// A screening question as a job asks it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Question {
    /// Stays the same while the question is edited, so answers given before keep to it.
    #[serde(rename = "_id")]
    pub id: String,
    pub kind: QuestionKind,
    /// The question, plain text, 1 to 300 characters.
    pub text: String,
    /// Whether an application must answer it.
    pub required: bool,
    /// A choice question's choices, 2 to 20, each 1 to 100 characters; empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<String>,
    /// The requirement, when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wanted: Option<Wanted>,
}

/// "Question 2 (Years of Rust?)": how a message names a question.
fn named(index: usize, text: &str) -> String {
    let short: String = text.chars().take(60).collect();
    let cut = if short.chars().count() < text.chars().count() { "…" } else { "" };
    format!("Question {} ({short}{cut})", index + 1)
}

fn refuse(message: String) -> AppError {
    AppError::bad_request(message)
}

/// A job's questions from a request's `questions` (absent: none), each checked; a question sent
/// without an `_id`, or with one the job does not have (`kept`), gets a new one from `new_id`.
pub fn parse_questions(
    value: Option<&Value>,
    kept: &[Question],
    mut new_id: impl FnMut() -> String,
) -> Result<Vec<Question>, AppError> {
    let items = match value {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(items)) => items,
        Some(_) => return Err(refuse("Questions must be a list".into())),
    };
    if items.len() > MAX_QUESTIONS {
        return Err(refuse(format!("A job asks at most {MAX_QUESTIONS} questions")));
    }
    let mut questions: Vec<Question> = Vec::with_capacity(items.len());
    for (index, item) in items.iter().enumerate() {
        let field = |name: &str| item.get(name).filter(|value| !value.is_null());
        let text = field("text").and_then(Value::as_str).map(str::trim).unwrap_or_default().to_string();
        if text.is_empty() {
            return Err(refuse(format!("Question {} needs its text", index + 1)));
        }
        if text.chars().count() > MAX_QUESTION_CHARS {
            return Err(refuse(format!("Question {} must be at most {MAX_QUESTION_CHARS} characters", index + 1)));
        }
        let name = named(index, &text);
        let kind = match field("kind").and_then(Value::as_str) {
            Some("yesNo") => QuestionKind::YesNo,
            Some("number") => QuestionKind::Number,
            Some("choice") => QuestionKind::Choice,
            Some("text") => QuestionKind::Text,
            _ => return Err(refuse(format!("{name}: kind must be yesNo, number, choice or text"))),
        };
        let required = match field("required") {
            None => false,
            Some(Value::Bool(required)) => *required,
            Some(_) => return Err(refuse(format!("{name}: required must be true or false"))),
        };
        let choices = parse_choices(kind, field("choices"), &name)?;
        let wanted = parse_wanted(kind, field("wanted"), &choices, &name)?;
        let given = field("_id").and_then(Value::as_str);
        let id = match given.filter(|id| kept.iter().any(|question| question.id == *id)) {
            Some(id) if !questions.iter().any(|question| question.id == id) => id.to_string(),
            _ => new_id(),
        };
        questions.push(Question { id, kind, text, required, choices, wanted });
    }
    Ok(questions)
}

fn parse_choices(kind: QuestionKind, value: Option<&Value>, name: &str) -> Result<Vec<String>, AppError> {
    if kind != QuestionKind::Choice {
        return match value {
            None => Ok(Vec::new()),
            Some(Value::Array(items)) if items.is_empty() => Ok(Vec::new()),
            Some(_) => Err(refuse(format!("{name}: only a choice question has choices"))),
        };
    }
    let Some(Value::Array(items)) = value else {
        return Err(refuse(format!("{name}: a choice question needs 2 to {MAX_CHOICES} choices")));
    };
    let mut choices: Vec<String> = Vec::with_capacity(items.len());
    for item in items {
        let choice = item.as_str().map(str::trim).unwrap_or_default();
        if choice.is_empty() || choice.chars().count() > MAX_CHOICE_CHARS {
            return Err(refuse(format!("{name}: each choice is 1 to {MAX_CHOICE_CHARS} characters")));
        }
        if choices.iter().any(|kept| kept.to_lowercase() == choice.to_lowercase()) {
            return Err(refuse(format!("{name}: each choice is given once")));
        }
        choices.push(choice.to_string());
    }
    if !(2..=MAX_CHOICES).contains(&choices.len()) {
        return Err(refuse(format!("{name}: a choice question needs 2 to {MAX_CHOICES} choices")));
    }
    Ok(choices)
}

fn parse_wanted(
    kind: QuestionKind,
    value: Option<&Value>,
    choices: &[String],
    name: &str,
) -> Result<Option<Wanted>, AppError> {
    let Some(value) = value else { return Ok(None) };
    let wrong = || match kind {
        QuestionKind::YesNo => refuse(format!("{name}: the wanted answer is yes (true) or no (false)")),
        QuestionKind::Number => {
            refuse(format!("{name}: the wanted answer is a min and/or a max, the min not above the max"))
        }
        QuestionKind::Choice => refuse(format!("{name}: the wanted answer is one or more of its choices")),
        QuestionKind::Text => refuse(format!("{name}: a text question has no wanted answer")),
    };
    let wanted: Wanted = serde_json::from_value(value.clone()).map_err(|_| wrong())?;
    let valid = match kind {
        QuestionKind::YesNo => {
            wanted.yes.is_some() && wanted.min.is_none() && wanted.max.is_none() && wanted.choices.is_empty()
        }
        QuestionKind::Number => {
            let bounded = |bound: Option<f64>| bound.is_none_or(|bound| bound.is_finite() && bound.abs() <= MAX_NUMBER);
            wanted.yes.is_none()
                && wanted.choices.is_empty()
                && (wanted.min.is_some() || wanted.max.is_some())
                && bounded(wanted.min)
                && bounded(wanted.max)
                && !matches!((wanted.min, wanted.max), (Some(min), Some(max)) if min > max)
        }
        QuestionKind::Choice => {
            wanted.yes.is_none()
                && wanted.min.is_none()
                && wanted.max.is_none()
                && !wanted.choices.is_empty()
                && wanted.choices.iter().all(|choice| choices.contains(choice))
        }
        QuestionKind::Text => false,
    };
    if valid { Ok(Some(wanted)) } else { Err(wrong()) }
}

/// An answer as an application gives it.
#[derive(Clone, Debug, PartialEq, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GivenAnswer {
    pub question_id: String,
    /// `true`/`false`, a number, one of the choices, or a text, as the question takes.
    pub answer: Value,
}

/// An answer as kept with its application: the question as it was asked, the answer, and whether
/// it meets the requirement (`null` when the question had none).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Answer {
    pub question: Question,
    /// `true`/`false`, a number, one of the choices, or a text, as the question takes.
    pub answer: Value,
    #[schema(required)]
    pub meets: Option<bool>,
}

/// The answers to `questions` in a request's `answers` (absent: none), each checked against its
/// question, in the questions' order; a required question left unanswered is refused by name.
pub fn parse_answers(questions: &[Question], value: Option<&Value>) -> Result<Vec<Answer>, AppError> {
    let given: Vec<GivenAnswer> = match value {
        None | Some(Value::Null) => Vec::new(),
        Some(value) => serde_json::from_value(value.clone())
            .map_err(|_| refuse("Answers must be a list of questionId and answer".into()))?,
    };
    if let Some(stray) = given.iter().find(|answer| !questions.iter().any(|question| question.id == answer.question_id))
    {
        return Err(refuse(format!("This job asks no question {}", stray.question_id)));
    }
    let mut answers = Vec::new();
    for (index, question) in questions.iter().enumerate() {
        let name = named(index, &question.text);
        let mut mine = given.iter().filter(|answer| answer.question_id == question.id);
        let answer = mine.next().map(|answer| &answer.answer).filter(|answer| !is_blank(answer));
        if mine.next().is_some() {
            return Err(refuse(format!("{name} is answered once")));
        }
        let Some(answer) = answer else {
            if question.required {
                return Err(refuse(format!("{name} must be answered")));
            }
            continue;
        };
        let answer = checked(question, answer, &name)?;
        let meets = question.wanted.as_ref().map(|wanted| meets(wanted, &answer));
        answers.push(Answer { question: question.clone(), answer, meets });
    }
    Ok(answers)
}

fn is_blank(answer: &Value) -> bool {
    match answer {
        Value::Null => true,
        Value::String(text) => text.trim().is_empty(),
        _ => false,
    }
}

/// The answer as kept (a text trimmed), when it is one the question takes.
fn checked(question: &Question, answer: &Value, name: &str) -> Result<Value, AppError> {
    match question.kind {
        QuestionKind::YesNo => match answer {
            Value::Bool(_) => Ok(answer.clone()),
            _ => Err(refuse(format!("{name} is answered yes (true) or no (false)"))),
        },
        QuestionKind::Number => match answer.as_f64() {
            Some(number) if number.is_finite() && number.abs() <= MAX_NUMBER => Ok(answer.clone()),
            _ => Err(refuse(format!("{name} is answered with a number"))),
        },
        QuestionKind::Choice => match answer.as_str().map(str::trim) {
            Some(choice) if question.choices.iter().any(|offered| offered == choice) => Ok(Value::from(choice)),
            _ => Err(refuse(format!("{name} is answered with one of its choices"))),
        },
        QuestionKind::Text => match answer.as_str().map(str::trim) {
            Some(text) if text.chars().count() <= MAX_TEXT_ANSWER => Ok(Value::from(text)),
            Some(_) => Err(refuse(format!("{name} is answered in at most {MAX_TEXT_ANSWER} characters"))),
            None => Err(refuse(format!("{name} is answered with a text"))),
        },
    }
}

/// Whether a checked answer meets what was wanted.
fn meets(wanted: &Wanted, answer: &Value) -> bool {
    match answer {
        Value::Bool(yes) => wanted.yes == Some(*yes),
        Value::Number(number) => {
            let number = number.as_f64().unwrap_or(f64::NAN);
            wanted.min.is_none_or(|min| number >= min) && wanted.max.is_none_or(|max| number <= max)
        }
        Value::String(choice) => wanted.choices.iter().any(|wanted| wanted == choice),
        _ => false,
    }
}

/// How many of `answers`' requirements there were and how many they meet, counting an unanswered
/// question with a requirement as not met.
pub fn requirements(questions: &[Question], answers: &[Answer]) -> (i64, i64) {
    let total = questions.iter().filter(|question| question.wanted.is_some()).count() as i64;
    let met = answers.iter().filter(|answer| answer.meets == Some(true)).count() as i64;
    (total, met)
}

/// An answer as words: "Yes" or "No", the number, the choice or the text.
pub fn answer_words(answer: &Value) -> String {
    match answer {
        Value::Bool(true) => "Yes".into(),
        Value::Bool(false) => "No".into(),
        Value::String(text) => text.clone(),
        Value::Number(number) => number.to_string(),
        _ => String::new(),
    }
}

/// Kept answers (as stored, a JSON list of `Answer`) as words, one answer a line: what the
/// applicant search matches and shows.
pub fn answers_text(stored: &str) -> String {
    let answers: Vec<Answer> = serde_json::from_str(stored).unwrap_or_default();
    answers
        .iter()
        .map(|answer| answer_words(&answer.answer))
        .filter(|words| !words.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// What a filter on one answer compares: the question's id and the answer's words in lower case
/// ("yes", "no", "3", a choice). Text answers are searched by their words, not filtered on.
pub fn answer_key(question_id: &str, words: &str) -> String {
    let words = words.trim().to_lowercase();
    let words = match words.as_str() {
        "true" => "yes".to_string(),
        "false" => "no".to_string(),
        _ => words,
    };
    format!("{question_id}={words}")
}

/// The filter keys (`answer_key`) of kept answers, as stored: one per answered yes/no, number or
/// choice question.
pub fn answer_keys(stored: &str) -> Vec<String> {
    let answers: Vec<Answer> = serde_json::from_str(stored).unwrap_or_default();
    answers
        .iter()
        .filter(|answer| answer.question.kind != QuestionKind::Text && !answer.answer.is_null())
        .map(|answer| answer_key(&answer.question.id, &answer_words(&answer.answer)))
        .collect()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn ids() -> impl FnMut() -> String {
        let mut n = 0;
        move || {
            n += 1;
            format!("q{n}")
        }
    }

    #[test]
    fn answers_are_kept_as_words_and_filter_keys() {
        let questions = asked();
        let given = json!([
            { "questionId": "q1", "answer": 4 },
            { "questionId": "q2", "answer": false },
        ]);
        let answers = parse_answers(&questions, Some(&given)).unwrap();
        let stored = serde_json::to_string(&answers).unwrap();
        assert_eq!(answers_text(&stored), "4\nNo");
        assert_eq!(answer_keys(&stored), ["q1=4", "q2=no"]);
        assert_eq!(answer_key("q2", " False "), "q2=no");
        assert_eq!(answer_key("q3", "Berlin"), "q3=berlin");
    }

    fn refusal<T: std::fmt::Debug>(result: Result<T, AppError>) -> String {
        result.unwrap_err().to_string()
    }

    fn asked() -> Vec<Question> {
        parse_questions(
            Some(&json!([
                { "kind": "number", "text": "Years of Rust?", "required": true, "wanted": { "min": 3 } },
                { "kind": "yesNo", "text": "Can you work from Pune?", "wanted": { "yes": true } },
                { "kind": "choice", "text": "Notice period", "choices": ["None", "30 days", "90 days"],
                  "wanted": { "choices": ["None", "30 days"] } },
                { "kind": "text", "text": "Your best project" },
            ])),
            &[],
            ids(),
        )
        .unwrap()
    }

    #[test]
    fn a_job_asks_up_to_ten_questions_each_of_a_kind_with_its_text() {
        let questions = asked();
        assert_eq!(questions.iter().map(|question| question.id.as_str()).collect::<Vec<_>>(), ["q1", "q2", "q3", "q4"]);
        assert_eq!(questions[0].wanted, Some(Wanted { min: Some(3.0), ..Wanted::default() }));
        assert!(questions[0].required && !questions[1].required);
        assert_eq!(parse_questions(None, &[], ids()).unwrap(), []);
        let eleven: Vec<Value> = (0..11).map(|n| json!({ "kind": "text", "text": format!("Q{n}") })).collect();
        assert_eq!(refusal(parse_questions(Some(&json!(eleven)), &[], ids())), "A job asks at most 10 questions");
        assert_eq!(refusal(parse_questions(Some(&json!({})), &[], ids())), "Questions must be a list");
        assert_eq!(
            refusal(parse_questions(Some(&json!([{ "kind": "text" }])), &[], ids())),
            "Question 1 needs its text"
        );
        assert_eq!(
            refusal(parse_questions(Some(&json!([{ "kind": "essay", "text": "Why?" }])), &[], ids())),
            "Question 1 (Why?): kind must be yesNo, number, choice or text"
        );
        let long = "x".repeat(301);
        assert_eq!(
            refusal(parse_questions(Some(&json!([{ "kind": "text", "text": long }])), &[], ids())),
            "Question 1 must be at most 300 characters"
        );
    }

    #[test]
    fn a_requirement_fits_its_kind() {
        let one = |question: Value| parse_questions(Some(&json!([question])), &[], ids());
        assert_eq!(
            refusal(one(json!({ "kind": "number", "text": "Years?", "wanted": { "min": 5, "max": 2 } }))),
            "Question 1 (Years?): the wanted answer is a min and/or a max, the min not above the max"
        );
        assert_eq!(
            refusal(one(json!({ "kind": "yesNo", "text": "Pune?", "wanted": { "min": 1 } }))),
            "Question 1 (Pune?): the wanted answer is yes (true) or no (false)"
        );
        assert_eq!(
            refusal(one(
                json!({ "kind": "choice", "text": "City", "choices": ["A", "B"], "wanted": { "choices": ["C"] } })
            )),
            "Question 1 (City): the wanted answer is one or more of its choices"
        );
        assert_eq!(
            refusal(one(json!({ "kind": "choice", "text": "City", "choices": ["A"] }))),
            "Question 1 (City): a choice question needs 2 to 20 choices"
        );
        assert_eq!(
            refusal(one(json!({ "kind": "choice", "text": "City", "choices": ["A", "a"] }))),
            "Question 1 (City): each choice is given once"
        );
        assert_eq!(
            refusal(one(json!({ "kind": "text", "text": "Why?", "wanted": { "yes": true } }))),
            "Question 1 (Why?): a text question has no wanted answer"
        );
        assert_eq!(
            refusal(one(json!({ "kind": "number", "text": "Years?", "choices": ["1"] }))),
            "Question 1 (Years?): only a choice question has choices"
        );
    }

    #[test]
    fn an_edited_question_keeps_its_id_and_a_new_one_gets_one() {
        let kept = asked();
        let edited = parse_questions(
            Some(&json!([
                { "_id": "q3", "kind": "choice", "text": "Notice period?", "choices": ["None", "30 days"] },
                { "_id": "not-ours", "kind": "text", "text": "Anything else?" },
                { "_id": "q3", "kind": "text", "text": "Twice the same id" },
            ])),
            &kept,
            || "new".to_string(),
        )
        .unwrap();
        assert_eq!(edited.iter().map(|question| question.id.as_str()).collect::<Vec<_>>(), ["q3", "new", "new"]);
    }

    #[test]
    fn answers_are_checked_against_their_questions_and_meet_their_requirements_or_not() {
        let questions = asked();
        let answers = parse_answers(
            &questions,
            Some(&json!([
                { "questionId": "q1", "answer": 4 },
                { "questionId": "q2", "answer": false },
                { "questionId": "q3", "answer": " 30 days " },
            ])),
        )
        .unwrap();
        let meets: Vec<Option<bool>> = answers.iter().map(|answer| answer.meets).collect();
        assert_eq!(meets, [Some(true), Some(false), Some(true)]);
        assert_eq!(answers[2].answer, json!("30 days"));
        assert_eq!(requirements(&questions, &answers), (3, 2));

        let answer = |value: Value| parse_answers(&questions, Some(&json!([{ "questionId": "q1", "answer": value }])));
        assert_eq!(refusal(answer(json!("four"))), "Question 1 (Years of Rust?) is answered with a number");
        assert_eq!(refusal(answer(json!(1e12))), "Question 1 (Years of Rust?) is answered with a number");
        assert_eq!(refusal(parse_answers(&questions, None)), "Question 1 (Years of Rust?) must be answered");
        assert_eq!(
            refusal(parse_answers(&questions, Some(&json!([{ "questionId": "q1", "answer": "" }])))),
            "Question 1 (Years of Rust?) must be answered"
        );
        let with = |extra: Value| parse_answers(&questions, Some(&json!([{ "questionId": "q1", "answer": 3 }, extra])));
        assert_eq!(
            refusal(with(json!({ "questionId": "q2", "answer": "yes" }))),
            "Question 2 (Can you work from Pune?) is answered yes (true) or no (false)"
        );
        assert_eq!(
            refusal(with(json!({ "questionId": "q3", "answer": "60 days" }))),
            "Question 3 (Notice period) is answered with one of its choices"
        );
        assert_eq!(
            refusal(with(json!({ "questionId": "q4", "answer": "x".repeat(501) }))),
            "Question 4 (Your best project) is answered in at most 500 characters"
        );
        assert_eq!(refusal(with(json!({ "questionId": "q9", "answer": 1 }))), "This job asks no question q9");
        assert_eq!(
            refusal(with(json!({ "questionId": "q1", "answer": 5 }))),
            "Question 1 (Years of Rust?) is answered once"
        );
        assert_eq!(
            refusal(parse_answers(&questions, Some(&json!({ "q1": 3 })))),
            "Answers must be a list of questionId and answer"
        );
        // Unanswered requirements count as not met.
        let only_first = with(json!({ "questionId": "q4", "answer": "A compiler" })).unwrap();
        assert_eq!(requirements(&questions, &only_first), (3, 1));
    }
}
