-- Issue #22 point 1: {balance_due_content} is now the payment schedule's lines ('Deposit £200.00 paid
-- 27/11/2026. Balance £848.00 due by 23/03/2027.'), so the shipped balance reminder, which already
-- says 'is due by {balance_due_date}', said the date twice. Templates still holding the shipped
-- paragraph word for word lose the repeat; a template staff have edited is left as it is.
UPDATE "email_templates"
SET "template_body_content" = replace("template_body_content",
  'is due by <strong>{balance_due_date}</strong>.</p><p>{balance_due_content}</p>',
  'is due by <strong>{balance_due_date}</strong>.</p>'), "updated_at" = now()
WHERE "template_slug" = 'balance-reminder'
  AND "template_body_content" LIKE '%is due by <strong>{balance_due_date}</strong>.</p><p>{balance_due_content}</p>%';
