"""Scenes (what a message is about) and the memory keys that belong to them.

A memory key is dotted; its first segment is its topic, and the topic maps to a scene. Extraction,
intent detection and recall all speak this vocabulary.
"""

SCENES = (
    "shipping", "food", "health", "budget", "schedule", "profile", "reply_style", "travel", "work",
    "family", "pets", "hobby", "shopping", "home", "small_talk", "general_knowledge",
)

# key prefix (first segment) -> scene
TOPIC_SCENE = {
    "shipping": "shipping", "logistics": "shipping",
    "food": "food", "diet": "food", "drink": "food",
    "health": "health", "allergy": "health",
    "budget": "budget", "finance": "budget",
    "schedule": "schedule", "event": "schedule", "deadline": "schedule",
    "profile": "profile", "identity": "profile",
    "reply": "reply_style",
    "travel": "travel",
    "work": "work", "business": "work",
    "family": "family", "relationship": "family",
    "pet": "pets", "pets": "pets",
    "hobby": "hobby",
    "shopping": "shopping",
    "home": "home",
}

# Keys that describe the user as a person: they go to the profile slot.
PROFILE_TOPICS = {"profile", "reply", "work", "family", "health", "diet"}


def key_kind(key: str) -> str:
    """What kind of thing a key stores, without the value some keys end in ("family.child.<name>")."""
    return ".".join(key.split(".")[:2])


def scene_of_key(key: str) -> str:
    return TOPIC_SCENE.get(key.split(".", 1)[0], "general")


# Words a question uses for what a key segment stores. Recall adds them to a memory's keyword document, so
# "快递选哪家？" finds shipping.carrier = 京东 and "which seat?" finds travel.seat, in either language.
KEY_TERMS = {
    "shipping": "快递 物流 配送 发货 寄 下单 shipping courier delivery ship order",
    "logistics": "物流 快递 进货 运 logistics freight supply",
    "carrier": "快递 物流 哪家 courier carrier",
    "delivery_instruction": "送货 门口 放 delivery doorstep",
    "allergy": "过敏 避开 不能吃 注意 allergic allergy avoid",
    "health": "健康 身体 医生 药 注意 health doctor medicine",
    "condition": "病 身体 医生 药 condition",
    "diet": "吃 饮食 菜 食谱 diet eat recipe meal",
    "vegetarian": "素 肉 vegetarian meat",
    "food": "吃 菜 食物 饭 点 推荐 food eat dish meal recipe snack",
    "drink": "喝 饮品 饮料 提神 drink beverage",
    "coffee": "咖啡 提神 coffee caffeine",
    "beer": "啤酒 酒 beer alcohol",
    "budget": "预算 钱 价格 花 够 budget price afford cost money",
    "pets": "宠物 猫 狗 小家伙 pet cat dog",
    "family": "家人 家里 family",
    "wife": "老婆 妻子 wife", "husband": "老公 丈夫 husband", "partner": "伴侣 对象 partner",
    "son": "儿子 孩子 son kid child", "daughter": "女儿 孩子 daughter kid child",
    "children": "孩子 娃 children kids", "granddaughter": "外孙女 孙女 granddaughter",
    "travel": "旅行 旅游 出行 出国 行程 trip travel flight",
    "seat": "座位 座 机票 seat flight",
    "plan": "打算 计划 去 plan going",
    "schedule": "时间 日程 安排 哪天 几点 schedule when",
    "deadline": "截止 到期 交 deadline due",
    "tutoring": "补习 补习班 上课 class tutoring lesson",
    "profile": "我 自己 about me",
    "name": "名字 叫 称呼 name call", "preferred_name": "名字 叫 称呼 招呼 name call greet",
    "occupation": "工作 职业 做 job work occupation profession",
    "employer": "公司 工作 单位 company employer work",
    "business": "店 生意 经营 shop business store",
    "location": "在 住 城市 city live", "city": "城市 city", "hometown": "老家 家乡 hometown",
    "reply": "回答 回复 说话 answer reply",
    "hobby": "爱好 喜欢 玩 休息 hobby fun", "exercise": "运动 锻炼 exercise workout",
    "home_address": "地址 住址 家 住 收货 address home",
    "shopping": "买 购物 buy shopping", "brand": "牌子 品牌 brand",
    "trying_to_conceive": "备孕 怀孕 孕 宝宝 baby pregnant pregnancy",
    "pregnancy": "怀孕 孕 宝宝 预产期 baby pregnant due",
    "target": "目标 业绩 target goal",
}


def key_terms(key: str) -> str:
    """Question words for a memory key: its segments' terms plus the segments themselves."""
    segments = key.split(".")
    return " ".join([KEY_TERMS.get(segment, "") for segment in segments] + [s.replace("_", " ") for s in segments])
