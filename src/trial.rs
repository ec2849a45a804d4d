//! Trials.
