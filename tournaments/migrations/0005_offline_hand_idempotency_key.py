"""Hands remember the entry that stored them (issue 10 §2): a retried entry is stored once."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0004_event_planned_rounds"),
    ]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="idempotency_key",
            field=models.CharField(blank=True, editable=False, max_length=64),
        ),
        migrations.AddConstraint(
            model_name="hand",
            constraint=models.UniqueConstraint(
                condition=models.Q(("idempotency_key", ""), _negated=True),
                fields=("game", "idempotency_key"),
                name="hand_idempotency_key_unique",
            ),
        ),
    ]
