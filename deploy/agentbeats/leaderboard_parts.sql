-- A leaderboard by task part (families such as workday compose each world from parts; protocol.md §3
-- `part_scores`): one row per participant and part, over every trial whose day held that part. Results files and
-- participant ids as in leaderboard.sql.
WITH files AS (
    SELECT json AS doc, filename FROM read_json_objects('results/*.json', format = 'auto', filename = true)
),
purple_ids AS (
    SELECT filename, CASE WHEN COUNT(*) = 1 THEN NULLIF(MAX(doc -> 'participants' ->> key), '') END AS id
    FROM files, UNNEST(json_keys(doc -> 'participants')) AS p(key)
    WHERE key <> 'green'
    GROUP BY filename
),
parts AS (
    SELECT COALESCE(NULLIF(r.row ->> 'participant_id', ''), purple_ids.id) AS id,
           p.part ->> 'part'                                              AS part,
           CAST(p.part ->> 'percentage' AS DOUBLE)                        AS percentage,
           CAST(p.part ->> 'passed' AS BOOLEAN)                           AS passed
    FROM files
    CROSS JOIN UNNEST(json_extract(files.doc, '$.results[*]')) AS r(row)
    CROSS JOIN UNNEST(json_extract(r.row, '$.part_scores[*]')) AS p(part)
    LEFT JOIN purple_ids USING (filename)
    WHERE r.row ->> 'row_type' = 'trial'
)
SELECT
    id,
    part,
    COUNT(*)                                                  AS trials,
    ROUND(AVG(CASE WHEN passed THEN 1.0 ELSE 0.0 END) * 100, 1) AS "Pass rate (%)",
    ROUND(AVG(percentage), 1)                                 AS "Mean score (%)"
FROM parts
GROUP BY id, part
ORDER BY part, "Pass rate (%)" DESC, "Mean score (%)" DESC;
