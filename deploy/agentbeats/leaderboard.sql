-- An AgentBeats leaderboard over this green's results: one row per participant.
--
-- Each results file is what the platform stores for one assessment:
--   {"participants": {"personal_assistant": "<agent id>"}, "results": [<row>, ...]}
-- where the rows are the Result artifact's JSON parts (protocol.md §3): one per trial (`row_type = 'trial'`) and
-- one summary (`row_type = 'summary'`). Count trials only: a query that forgets the filter counts the summary row
-- as a trial. Integers arrive as integers (rows are JSON text), so `trials` is a BIGINT, not a DOUBLE.
SELECT
    f.participants.personal_assistant                                   AS id,
    COUNT(*)                                                            AS trials,
    ROUND(AVG(CASE WHEN r.result.passed THEN 1.0 ELSE 0.0 END) * 100, 1) AS "Pass rate (%)",
    ROUND(AVG(r.result.percentage), 1)                                  AS "Mean score (%)",
    COUNT(DISTINCT r.result.scenario_id)                                AS scenarios
FROM read_json_auto('results/*.json') AS f
CROSS JOIN UNNEST(f.results) AS r(result)
WHERE r.result.row_type = 'trial'
GROUP BY id
ORDER BY "Pass rate (%)" DESC, "Mean score (%)" DESC;
