-- A row too large for NOTIFY is announced by id; it now also carries org_id (when the table has one),
-- so the realtime service can still apply an organization policy to a large delete.
CREATE OR REPLACE FUNCTION public.realtime_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payload text;
  ts text := to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
BEGIN
  payload := json_build_object(
    'schema', TG_TABLE_SCHEMA,
    'table', TG_TABLE_NAME,
    'type', TG_OP,
    'commit_timestamp', ts,
    'record', CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE row_to_json(NEW) END,
    'old_record', CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE row_to_json(OLD) END
  )::text;
  IF octet_length(payload) > 7900 THEN
    payload := json_build_object(
      'schema', TG_TABLE_SCHEMA,
      'table', TG_TABLE_NAME,
      'type', TG_OP,
      'commit_timestamp', ts,
      'record', CASE WHEN TG_OP = 'DELETE' THEN NULL
        ELSE jsonb_strip_nulls(jsonb_build_object('id', NEW.id, 'org_id', to_jsonb(NEW) -> 'org_id')) END,
      'old_record', CASE WHEN TG_OP = 'INSERT' THEN NULL
        ELSE jsonb_strip_nulls(jsonb_build_object('id', OLD.id, 'org_id', to_jsonb(OLD) -> 'org_id')) END,
      'truncated', true
    )::text;
  END IF;
  PERFORM pg_notify('realtime', payload);
  RETURN NULL;
END;
$$;
