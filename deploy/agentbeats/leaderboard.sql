-- An AgentBeats leaderboard over this green's results: one row per participant (its AgentBeats id).
--
-- Each results file is what the leaderboard template's workflow writes for one submission (all its shards):
--   {"status": "completed", "participants": {"green": "<green id>", "<purple component>": "<purple id>"},
--    "results": [<row>, ...]}
-- `participants` is scenario.json5's metadata.agentbeats_ids, keyed by component name; the rows are the Result
-- artifacts' JSON parts (protocol.md §3): one per trial (`row_type = 'trial'`) and one summary per shard.
--
-- The id: the row's own `participant_id` when the request named it (config.agentbeats_ids), else the one entry of
-- `participants` that is not the green's ('green': this green's component name in scenario.json5; change it here
-- if you rename the component). Neither the role's spelling nor the purple component's name matters.
-- Files are read as JSON documents, so a file whose keys differ from the others' cannot break the query; integers
-- arrive as integers (rows are JSON text), so `trials` is a BIGINT.
WITH files AS (
    SELECT json AS doc, filename FROM read_json_objects('results/*.json', format = 'auto', filename = true)
),
purple_ids AS (
    SELECT filename, CASE WHEN COUNT(*) = 1 THEN NULLIF(MAX(doc -> 'participants' ->> key), '') END AS id
    FROM files, UNNEST(json_keys(doc -> 'participants')) AS p(key)
    WHERE key <> 'green'
    GROUP BY filename
),
trials AS (
    SELECT COALESCE(NULLIF(r.row ->> 'participant_id', ''), purple_ids.id) AS id,
           CAST(r.row ->> 'passed' AS BOOLEAN)                            AS passed,
           CAST(r.row ->> 'percentage' AS DOUBLE)                         AS percentage,
           r.row ->> 'scenario_id'                                         AS scenario_id
    FROM files
    CROSS JOIN UNNEST(json_extract(files.doc, '$.results[*]')) AS r(row)
    LEFT JOIN purple_ids USING (filename)
    WHERE r.row ->> 'row_type' = 'trial'  -- the summary rows are not trials
)
SELECT
    id,
    COUNT(*)                                                  AS trials,
    ROUND(AVG(CASE WHEN passed THEN 1.0 ELSE 0.0 END) * 100, 1) AS "Pass rate (%)",
    ROUND(AVG(percentage), 1)                                 AS "Mean score (%)",
    COUNT(DISTINCT scenario_id)                               AS scenarios
FROM trials
GROUP BY id
ORDER BY "Pass rate (%)" DESC, "Mean score (%)" DESC;
