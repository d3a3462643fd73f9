from django.apps import AppConfig


class FlowchartsConfig(AppConfig):
    name = "penaltyflow.flowcharts"
