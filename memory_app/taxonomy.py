"""Scenes (what a message is about) and the memory keys that belong to them.

A memory key is dotted; its first segment is its topic, and the topic maps to a scene. Extraction, intent
detection and recall all speak this vocabulary. Each scene is described twice, in general terms and never
from any particular conversation:

- ``SCENE_DESCRIPTIONS``: a sentence per language saying what the domain covers; intent embeds them
  (query mode) into one prototype vector per scene;
- ``TOPIC_VOCABULARY``: the everyday words of each topic's domain, broad on purpose, in both languages;
  intent counts them as keywords and extraction uses them to tell food from drink from a pastime.
"""
from functools import cache

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


# What each scene is about, in both languages. One prototype vector per scene is the mean of these sentences.
SCENE_DESCRIPTIONS = {
    "food": ("吃什么、喝什么：做饭、点菜、外卖、餐厅、食谱、口味、零食和饮料。",
             "Eating and drinking: cooking, recipes, restaurants, ordering food, snacks, drinks and tastes."),
    "health": ("身体和健康：生病、症状、过敏、吃药、看医生、体检、受伤、怀孕和睡眠。",
               "Health and the body: illness, symptoms, allergies, medicine, doctors, injuries, pregnancy and sleep."),
    "hobby": ("业余时间的爱好：运动健身、音乐乐器、读书看电影、游戏、手工和学新技能。",
              "Free time and hobbies: sports and exercise, music, reading, films, games, crafts and learning new skills."),
    "travel": ("出行旅游：机票航班、火车、酒店、签证、景点、行程和度假。",
               "Travel: flights, trains, hotels, visas, sightseeing, itineraries and holidays."),
    "shipping": ("快递物流：寄件收件、包裹、配送上门、快递公司和运费。",
                 "Shipping and delivery: parcels, couriers, delivery to the door and freight."),
    "work": ("工作职业：公司、同事、老板、客户、项目、开会、写邮件和做生意。",
             "Work and career: the job, company, colleagues, clients, projects, meetings, emails and a business of one's own."),
    "family": ("家人亲友：伴侣、孩子、父母、兄弟姐妹、亲戚和朋友。",
               "Family and the people close to me: partner, children, parents, siblings, relatives and friends."),
    "pets": ("宠物：猫狗等小动物的喂养、健康、训练和看兽医。",
             "Pets: feeding, training and caring for cats, dogs and other animals, and vet visits."),
    "budget": ("钱和预算：价格、花销、够不够、存钱、收入和贷款。",
               "Money and budget: prices, costs, whether I can afford it, saving and income."),
    "shopping": ("购物：买东西、挑品牌、衣服、电子产品、家电和礼物。",
                 "Shopping: buying things, choosing brands, clothes, electronics, appliances and gifts."),
    "home": ("住处和家：地址、房子、租房、装修、搬家、家具和邻居。",
             "Home and housing: address, renting, renovation, moving house, furniture and neighbours."),
    "schedule": ("时间安排：日程、约会、截止日期、提醒和每周的固定安排。",
                 "Schedule: calendar, appointments, deadlines, reminders and weekly routines."),
}

# The everyday words of each topic's domain (space-separated; Chinese words match as substrings, English as
# word prefixes). Broad and generic: a domain's vocabulary, not the words of any particular request.
TOPIC_VOCABULARY = {
    "food": "吃 饭 菜 餐 食物 食材 饮食 菜谱 食谱 做饭 烹饪 下厨 早饭 早餐 午饭 午餐 晚饭 晚餐 夜宵 外卖 餐厅 饭店 馆子 点菜 "
            "口味 味道 好吃 小吃 零食 甜点 甜品 蛋糕 面包 饼干 糖 巧克力 冰淇淋 水果 蔬菜 肉 鱼 虾 蟹 海鲜 鸡蛋 豆腐 米饭 "
            "面条 饺子 包子 粥 汤 火锅 烧烤 辣 酸 咸 清淡 油腻 调料 "
            "eat eating food meal breakfast lunch dinner supper brunch snack cook cooking recipe dish cuisine restaurant "
            "takeout takeaway menu kitchen taste flavor flavour spicy dessert cake bread pasta rice noodle soup salad "
            "meat beef pork chicken fish seafood vegetable fruit cheese egg",
    "drink": "喝 饮料 饮品 咖啡 茶 奶茶 果汁 酒 啤酒 红酒 白酒 可乐 汽水 牛奶 豆浆 酸奶 "
             "drink drinking beverage coffee tea juice beer wine liquor cocktail milk soda latte espresso",
    "health": "健康 身体 病 生病 疾病 症状 医生 医院 诊所 看病 体检 检查 药 过敏 感冒 发烧 咳嗽 疼 痛 受伤 骨折 治疗 手术 "
              "康复 血压 血糖 怀孕 孕期 哺乳 睡眠 失眠 头疼 胃疼 腰疼 颈椎 腰椎 膝盖 "
              "health healthy sick illness disease symptom doctor hospital clinic medicine medication pill "
              "prescription allergy allergic cold flu fever cough pain hurt injury injured surgery therapy "
              "pregnant pregnancy sleep insomnia",
    "budget": "钱 预算 价格 价钱 多少钱 贵 便宜 花费 花销 开销 省钱 存钱 工资 收入 划算 性价比 报价 费用 成本 贷款 还款 "
              "budget price cost cheap expensive afford money spend saving salary income loan payment",
    "schedule": "时间 日程 安排 几点 哪天 星期 周末 下周 提醒 截止 到期 预约 开会 上课 "
                "schedule calendar appointment deadline due remind reminder weekend tomorrow meeting class",
    "profile": "名字 称呼 介绍 简历 职业 个人 年龄 城市 老家 家乡 住址 地址 语言 "
               "name introduce introduction bio profile resume age city hometown address language",
    "travel": "旅行 旅游 出行 出游 度假 出国 出差 签证 护照 机票 航班 飞机 高铁 火车 酒店 民宿 景点 行程 攻略 自驾 "
              "travel trip vacation holiday flight airport plane train hotel visa passport itinerary sightseeing tour abroad",
    "shipping": "快递 物流 配送 送货 发货 收货 寄 包裹 运费 驿站 快递柜 下单 "
                "shipping ship delivery deliver courier parcel package freight tracking",
    "work": "工作 上班 下班 公司 单位 同事 老板 领导 客户 项目 会议 开会 汇报 邮件 加班 职位 面试 生意 开店 业务 "
            "work job office company boss manager colleague coworker client customer project meeting email career "
            "interview business",
    "family": "家人 家里人 老婆 老公 妻子 丈夫 爱人 孩子 儿子 女儿 爸 妈 父母 哥哥 姐姐 弟弟 妹妹 爷爷 奶奶 外公 外婆 "
              "亲戚 朋友 男朋友 女朋友 对象 family wife husband partner kid child children son daughter mom mum "
              "dad parent brother sister grandma grandpa relative friend girlfriend boyfriend",
    "pets": "宠物 猫 狗 兔子 仓鼠 鹦鹉 金鱼 乌龟 猫粮 狗粮 遛狗 兽医 pet cat dog puppy kitten rabbit hamster parrot vet",
    "hobby": "爱好 兴趣 业余 运动 锻炼 健身 跑步 游泳 瑜伽 爬山 徒步 骑车 打球 篮球 足球 羽毛球 乒乓球 网球 音乐 唱歌 乐器 "
             "钢琴 吉他 画画 摄影 读书 看书 小说 电影 电视剧 游戏 下棋 钓鱼 手工 编织 园艺 "
             "hobby fun sport exercise workout gym running swimming yoga hiking cycling football soccer basketball "
             "tennis music guitar piano singing painting drawing photography reading book novel movie film game "
             "chess fishing knitting craft gardening",
    "shopping": "买 购买 购物 网购 下单 商品 品牌 牌子 衣服 鞋 手机 电脑 家电 礼物 优惠 打折 "
                "buy shop shopping purchase brand product clothes shoes phone laptop gift discount sale",
    "home": "家 住 住址 地址 小区 房子 租房 房租 装修 搬家 家具 邻居 物业 "
            "home house apartment flat address rent renovation furniture neighbour neighbor landlord",
}


def vocabulary(topic: str) -> tuple[str, ...]:
    return tuple(TOPIC_VOCABULARY.get(topic, "").split())


def scene_vocabulary() -> dict[str, tuple[str, ...]]:
    """Each scene's words: the vocabularies of the topics that map to it."""
    words: dict[str, list[str]] = {}
    for topic, text in TOPIC_VOCABULARY.items():
        words.setdefault(TOPIC_SCENE.get(topic, topic), []).extend(text.split())
    return {scene: tuple(dict.fromkeys(found)) for scene, found in words.items()}


# Words a question uses for what a key segment stores. Recall adds them to a memory's keyword document, so a
# question about couriers finds shipping.carrier and one about seats finds travel.seat, in either language.
KEY_TERMS = {
    "shipping": "快递 物流 配送 发货 寄 shipping courier delivery ship",
    "logistics": "物流 快递 进货 运输 logistics freight supply",
    "carrier": "快递 物流 公司 courier carrier",
    "delivery_instruction": "送货 放 门口 delivery door",
    # constraints answer the questions people ask before doing something: what to watch out for, is it safe
    "allergy": "过敏 避开 不能吃 注意 小心 能不能 allergic allergy avoid careful safe",
    "health": "健康 身体 医生 药 注意 health doctor medicine",
    "condition": "病 身体 医生 药 注意 能不能 condition illness careful safe",
    "injury": "受伤 伤 疼 injury hurt",
    "diet": "吃 饮食 菜 diet eat meal",
    "food": "吃 菜 食物 饭 food eat dish meal",
    "drink": "喝 饮料 饮品 drink beverage",
    "budget": "预算 钱 价格 花 budget price afford cost money",
    "finance": "钱 收入 money income",
    "pets": "宠物 猫 狗 pet cat dog",
    "family": "家人 家里 family",
    "children": "孩子 children kids", "child": "孩子 child kid",
    "travel": "旅行 旅游 出行 行程 trip travel",
    "seat": "座位 座 seat",
    "plan": "打算 计划 plan",
    "schedule": "时间 日程 安排 schedule when",
    "deadline": "截止 到期 交 deadline due",
    "profile": "我 自己 about me",
    "name": "名字 叫 称呼 name call", "preferred_name": "名字 叫 称呼 name call",
    "age": "年龄 岁 age old",
    "language": "语言 说 language speak",
    "occupation": "工作 职业 job work occupation profession",
    "employer": "公司 工作 单位 company employer work",
    "business": "店 生意 经营 shop business store",
    "location": "在 住 城市 city live", "city": "城市 city", "hometown": "老家 家乡 hometown",
    "reply": "回答 回复 answer reply",
    "hobby": "爱好 喜欢 玩 hobby fun", "exercise": "运动 锻炼 exercise workout",
    "home_address": "地址 住址 家 address home",
    "shopping": "买 购物 buy shopping", "brand": "牌子 品牌 brand",
}


@cache
def _relation_terms() -> dict[str, str]:
    """family.<relation> keys answer to every word for that relation, in both languages."""
    from .extraction.lexicon import RELATIONS_EN, RELATIONS_ZH

    terms: dict[str, list[str]] = {}
    for lexicon in (RELATIONS_ZH, RELATIONS_EN):
        for word, segment in lexicon.items():
            terms.setdefault(segment, []).append(word)
    return {segment: " ".join(words) for segment, words in terms.items()}


def key_terms(key: str) -> str:
    """Question words for a memory key: its segments' terms plus the segments themselves."""
    segments = key.split(".")
    relations = _relation_terms() if segments[0] == "family" else {}
    found = [KEY_TERMS.get(segment, "") or relations.get(segment, "") for segment in segments]
    return " ".join(found + [segment.replace("_", " ") for segment in segments])
