from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "penaltyflow.accounts"
    verbose_name = "Accounts"
