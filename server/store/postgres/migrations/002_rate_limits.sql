-- Counters of attempts (failed logins, form posts) shared by every instance, in the layout rate-limiter-flexible's
-- PostgreSQL store uses. Rows expire by time; the limiter removes old ones itself.
CREATE TABLE rate_limits (
  key varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
