"""ContentLoad: what each kind of content was last loaded from (a load of unchanged files is skipped)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('core', '0001_initial'),
    ]

    operations = [
        migrations.CreateModel(
            name='ContentLoad',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(max_length=20, unique=True)),
                ('digest', models.CharField(max_length=64)),
                ('generation', models.PositiveBigIntegerField()),
                ('loaded', models.DateTimeField(auto_now=True)),
            ],
        ),
    ]
